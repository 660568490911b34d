import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import translation from '../public/locales/en-US/translation.json';
import spanish from '../public/locales/es/translation.json';

/**
 * An i18n instance for tests: in en-US (or `language`), the resources of both languages, ready at
 * once.
 */
export function createTestI18n(language: 'en-US' | 'es' = 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en-US',
    supportedLngs: ['en-US', 'es'],
    resources: { 'en-US': { translation }, es: { translation: spanish } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}
