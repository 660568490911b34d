import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The i18n instance of stories: en-US, resources bundled, no network. */
export const storyI18n = i18next.createInstance();

void storyI18n.use(initReactI18next).init({
  lng: 'en-US',
  fallbackLng: 'en-US',
  resources: { 'en-US': { translation: {} } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
