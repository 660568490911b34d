import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import translation from '../packages/app/public/locales/en-US/translation.json';

/** The i18n instance of stories: the app's en-US resources, bundled, no network. */
export const storyI18n = i18next.createInstance();

void storyI18n.use(initReactI18next).init({
  lng: 'en-US',
  fallbackLng: 'en-US',
  resources: { 'en-US': { translation } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
