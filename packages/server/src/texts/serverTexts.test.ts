import { coachLanguages } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { englishTexts } from './englishTexts.ts';
import { wordingOf } from './serverTexts.ts';

/** Every text of a language's module by its dotted key. */
function textsByKey(texts: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') found.set(`${prefix}${key}`, value);
    else for (const entry of textsByKey(value as object, `${prefix}${key}.`)) found.set(...entry);
  }
  return found;
}

/** The `{{names}}` a text fills in, sorted. */
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const english = textsByKey(englishTexts);

describe("the server's texts", () => {
  it.each(coachLanguages)(
    'has in %s the keys of the English texts, no more, no fewer',
    (language) => {
      const texts = textsByKey(wordingOf(language).texts);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    },
  );

  it.each(coachLanguages)(
    'fills in %s the values the English text fills, each text worded',
    (language) => {
      for (const [key, text] of textsByKey(wordingOf(language).texts)) {
        expect.soft(text.trim(), key).not.toBe('');
        expect.soft(placeholdersOf(text), key).toEqual(placeholdersOf(english.get(key) ?? ''));
      }
    },
  );

  it('fills numbers by the locale and picks the plural form by its rules', () => {
    const spanish = wordingOf('es');
    const { morningMail } = spanish.texts;
    expect(spanish.plural(morningMail.subject, 1)).toBe('1 cliente necesita tu atención');
    expect(spanish.plural(morningMail.subject, 1200)).toBe('1200 clientes necesitan tu atención');
    expect(wordingOf('en-US').plural(englishTexts.morningMail.subject, 1200)).toBe(
      '1,200 clients need your attention',
    );
    expect(spanish.fill('{{value}} y {{missing}}', { value: 12345.5 })).toBe(
      '12.345,5 y {{missing}}',
    );
  });
});
