import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import translation from '../../public/locales/en-US/translation.json';

/** An i18n instance for tests: the en-US resources bundled, ready at once. */
export function createTestI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: { 'en-US': { translation } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}
