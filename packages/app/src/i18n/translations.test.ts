import { describe, expect, it } from 'vitest';
import english from '../../public/locales/en-US/translation.json';
import spanish from '../../public/locales/es/translation.json';
import { supportedLanguages } from './i18nOptions.ts';
import { textsByKey } from './textsByKey.ts';

const resources: Record<(typeof supportedLanguages)[number], object> = {
  'en-US': english,
  es: spanish,
};

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** A key without its plural form ('errors.wait.hours_one' is 'errors.wait.hours'). */
const baseKey = (key: string) => key.replace(pluralSuffix, '');

/** The variables a text interpolates: '{{count}} of {{total, number}}' uses count and total. */
const variablesOf = (text: string) =>
  [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '');

/**
 * A resource as i18next reads it: each key without its plural forms, with the variables of all
 * its forms and the forms it has.
 */
function shapeOf(resource: object) {
  const shape = new Map<string, { variables: Set<string>; forms: Set<string> }>();
  for (const [key, text] of textsByKey(resource)) {
    const entry = shape.get(baseKey(key)) ?? { variables: new Set(), forms: new Set() };
    for (const variable of variablesOf(text)) entry.variables.add(variable);
    const form = pluralSuffix.exec(key)?.[1];
    if (form) entry.forms.add(form);
    shape.set(baseKey(key), entry);
  }
  return shape;
}

const shapes = Object.fromEntries(
  Object.entries(resources).map(([language, resource]) => [language, shapeOf(resource)]),
);
const englishShape = shapeOf(english);
const otherLanguages = supportedLanguages.filter((language) => language !== 'en-US');

describe('the translations of every supported language', () => {
  it.each(otherLanguages)('%s has every key of en-US and no other', (language) => {
    expect([...(shapes[language]?.keys() ?? [])].sort()).toEqual([...englishShape.keys()].sort());
  });

  it.each(otherLanguages)('%s interpolates the same variables as en-US, key by key', (language) => {
    const variables = (shape: ReturnType<typeof shapeOf> | undefined) =>
      Object.fromEntries(
        [...(shape ?? [])].map(([key, entry]) => [key, [...entry.variables].sort()]),
      );
    expect(variables(shapes[language])).toEqual(variables(englishShape));
  });

  it.each(supportedLanguages)(
    '%s gives each counted text exactly the plural forms of the language',
    (language) => {
      const forms = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
      for (const [key, entry] of shapes[language] ?? []) {
        if (entry.forms.size === 0) continue;
        expect({ key, forms: [...entry.forms].sort() }).toEqual({ key, forms });
      }
    },
  );

  it.each(supportedLanguages)('%s leaves no text equal to its key, nor empty', (language) => {
    const looksLikeKey = /^[a-z]+(\.[a-zA-Z0-9_]+)+$/;
    for (const [key, text] of textsByKey(resources[language])) {
      expect({ key, text: text.trim() === '' || text === key || looksLikeKey.test(text) }).toEqual({
        key,
        text: false,
      });
    }
  });

  // A text left in English is a text not translated, unless it reads the same in both languages.
  const sameInSpanish = new Set([
    'app.name',
    'clients.columns.mental',
    'clients.hours',
    'clients.completion',
    'settings.sizeLimit',
    'profileCharts.indicators.mental',
    'profileCharts.ratio',
    'profile.exercises.none',
    'profile.exercises.ms',
    // Units: '45 min', '5 h'.
    'durations.minutes_one',
    'durations.minutes_other',
    'durations.hours_one',
    'durations.hours_other',
    'shortcuts.keys.ArrowDown',
    'shortcuts.keys.ArrowUp',
    'shortcuts.keys.ArrowLeft',
    'shortcuts.keys.ArrowRight',
  ]);

  it('has every Spanish text translated, but for those that read the same', () => {
    const englishTexts = textsByKey(english);
    const untranslated = [...textsByKey(spanish)]
      .filter(([key, text]) => englishTexts.get(key) === text)
      .map(([key]) => key);
    expect(untranslated.sort()).toEqual([...sameInSpanish].sort());
  });
});
