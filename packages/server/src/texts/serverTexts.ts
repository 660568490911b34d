import type { CoachLanguage } from '@coach/domain';
import { englishTexts, type ServerTexts } from './englishTexts.ts';
import { spanishTexts } from './spanishTexts.ts';

// The server's texts in a coach's language, and the words for filling them in: one module per
// language (englishTexts.ts is the source), values formatted by the locale's Intl rules.

/** A text with plural forms: `one` and `other` (a language's other forms fall back to `other`). */
type PluralText = { readonly one: string; readonly other: string };

const textsByLanguage: Record<CoachLanguage, ServerTexts> = {
  'en-US': englishTexts,
  es: spanishTexts,
};

/** A language's texts with what fills them: the locale's numbers and plural rules. */
export type Wording = {
  language: CoachLanguage;
  texts: ServerTexts;
  /** `template` with each `{{name}}` replaced; numbers formatted for the locale. */
  fill: (template: string, values?: Record<string, string | number>) => string;
  /** The plural form of `count` filled in (`{{count}}` and the other values). */
  plural: (text: PluralText, count: number, values?: Record<string, string | number>) => string;
};

/** The texts of `language` and how to fill them (the language's tag is its Intl locale). */
export function wordingOf(language: CoachLanguage): Wording {
  const numbers = new Intl.NumberFormat(language);
  const pluralRules = new Intl.PluralRules(language);
  const fill = (template: string, values: Record<string, string | number> = {}) =>
    template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? numbers.format(value) : value;
    });
  return {
    language,
    texts: textsByLanguage[language],
    fill,
    plural: (text, count, values = {}) =>
      fill(pluralRules.select(count) === 'one' ? text.one : text.other, { ...values, count }),
  };
}
