import type { ParseKeys } from 'i18next';

/** Any key of the en-US resource, for texts chosen at run time (validation messages, errors). */
export type TranslationKey = ParseKeys<'translation'>;
