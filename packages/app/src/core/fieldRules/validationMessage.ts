import type { TranslationKey } from '../../i18n/translationKey.ts';

/**
 * A schema's validation message: a translation key (so a missing one is a type error), turned
 * into text where the form shows it.
 */
export const validationMessage = (key: TranslationKey): TranslationKey => key;
