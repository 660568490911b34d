import { attentionTexts, spanishAttentionTexts } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import english from '../../public/locales/en-US/translation.json';
import spanish from '../../public/locales/es/translation.json';

/** The text of a dotted key of a translation resource, or undefined. */
function textOf(resource: unknown, key: string): unknown {
  let node: unknown = resource;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

// The morning mail words the reasons of 'Needs attention' with the domain's texts: the same words
// as the clients list, key by key, in each language.
describe.each([
  ['en-US', attentionTexts, english],
  ['es', spanishAttentionTexts, spanish],
] as const)("the domain's attention texts and the %s translation", (_language, texts, resource) => {
  it.each(Object.entries(texts))('word %s as the translation does', (key, text) => {
    expect(textOf(resource, key)).toBe(text);
  });
});
