import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { defaultLanguage } from './i18nOptions.ts';

/**
 * The locale that dates and numbers are written in (`Intl`): the language i18next resolved to
 * (one with resources, so the texts and the figures around them speak the same language).
 */
export function localeOf(i18n: I18n): string {
  return i18n.resolvedLanguage ?? defaultLanguage;
}

/** The locale of the texts in use; the component renders again when the language changes. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeOf(i18n);
}
