import { attentionTexts } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import translation from '../../public/locales/en-US/translation.json';

/** The text of a dotted key of the en-US resource, or undefined. */
function textOf(key: string): unknown {
  let node: unknown = translation;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

// The morning mail words the reasons of 'Needs attention' with the domain's English texts: the
// same words as the clients list, key by key.
describe("the domain's attention texts and the en-US translation", () => {
  it.each(Object.entries(attentionTexts))('words %s as the translation does', (key, text) => {
    expect(textOf(key)).toBe(text);
  });
});
