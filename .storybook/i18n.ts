import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import english from '../packages/app/public/locales/en-US/translation.json';
import spanish from '../packages/app/public/locales/es/translation.json';
import {
  type AppLanguage,
  defaultLanguage,
  isAppLanguage,
  supportedLanguages,
} from '../packages/app/src/i18n/i18nOptions.ts';

const resources = {
  'en-US': { translation: english },
  es: { translation: spanish },
} satisfies Record<AppLanguage, unknown>;

/**
 * An i18n instance for one story, in the language of the `locale` global (en-US unless a story or
 * the toolbar says otherwise): the app's resources bundled, no network. One per story, so a story
 * that switches the language (Settings) leaves the next one in its own.
 */
export function createStoryI18n(locale: unknown): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: isAppLanguage(locale) ? locale : defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...supportedLanguages],
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}
