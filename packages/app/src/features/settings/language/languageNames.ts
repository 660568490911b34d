import type { CoachLanguage } from '@coach/domain';

/**
 * Each language a coach may choose, named in itself (not translated): a coach finds their own
 * whatever language the screen is in.
 */
export const languageNames = {
  'en-US': 'English',
  es: 'Español',
} as const satisfies Record<CoachLanguage, string>;
