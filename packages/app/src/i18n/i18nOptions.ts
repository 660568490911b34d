import { coachLanguages, defaultCoachLanguage, isOneOf } from '@coach/domain';
import type { InitOptions } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';

/** The interface language when nothing else is detected (requirements R1.5). */
export const defaultLanguage = defaultCoachLanguage;

/** Where a language's resources are served, under the app's base path (`public/locales`). */
export const translationLoadPath = 'locales/{{lng}}/{{ns}}.json';

/** The one namespace of the resources. */
export const translationNamespace = 'translation';

/**
 * The languages the app ships resources for, those a coach may choose: English (US) and Spanish.
 * Only the language in use is fetched (and en-US, the fallback), so another language costs the
 * sign-in route nothing.
 */
export const supportedLanguages = coachLanguages;

/** A language the app ships resources for. */
export type AppLanguage = (typeof supportedLanguages)[number];

/** Whether a language tag is one the app ships resources for, exactly. */
export const isAppLanguage = (language: unknown): language is AppLanguage =>
  isOneOf(supportedLanguages, language);

/**
 * Translation loading (requirements R9.10): up to 5 retries, the first after 350 ms and each next wait
 * doubled (i18next core's backend connector), at most 10 reads in flight.
 */
export const translationLoadingOptions = {
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
} as const satisfies InitOptions;

/**
 * Language detection (requirements R9.12): query string `lng`, cookie, localStorage, sessionStorage,
 * the browser, the page's `<html lang>`; the result is cached in localStorage.
 */
export const languageDetectionOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
} satisfies DetectorOptions;
