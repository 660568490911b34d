import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  languageDetectionOptions,
  supportedLanguages,
  translationLoadingOptions,
  translationLoadPath,
  translationNamespace,
} from './i18nOptions.ts';

export type CreateAppI18nOptions = {
  /** Where the resources are served; `{{lng}}` and `{{ns}}` are filled in. */
  loadPath?: string;
  /** Replaces the HTTP call (tests). */
  request?: HttpBackendOptions['request'];
  /** Languages with resources; English (US) and Spanish by default. */
  supportedLanguages?: readonly string[];
  /** The document whose `<html lang>` follows the language. */
  document?: Document;
};

/** Keeps `<html lang>` equal to the language in use. */
function syncHtmlLang(i18n: I18n, document: Document): void {
  const apply = () => {
    const language = i18n.resolvedLanguage ?? i18n.language;
    if (language) document.documentElement.lang = language;
  };
  i18n.on('languageChanged', apply);
  i18n.on('loaded', apply);
  apply();
}

/**
 * The app's i18next instance: resources over HTTP from `public/locales`, the language detected
 * and cached as the spec says, en-US by default. `ready` settles once the first language loaded.
 */
export function createAppI18n(options: CreateAppI18nOptions = {}): {
  i18n: I18n;
  ready: Promise<unknown>;
} {
  const i18n = i18next.createInstance();
  const backend: HttpBackendOptions = {
    loadPath: options.loadPath ?? `${import.meta.env.BASE_URL}${translationLoadPath}`,
    ...(options.request ? { request: options.request } : {}),
  };
  const ready = i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      ...translationLoadingOptions,
      fallbackLng: defaultLanguage,
      supportedLngs: [...(options.supportedLanguages ?? supportedLanguages)],
      load: 'currentOnly',
      ns: [translationNamespace],
      defaultNS: translationNamespace,
      backend,
      detection: languageDetectionOptions,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  if (options.document ?? globalThis.document) {
    syncHtmlLang(i18n, options.document ?? globalThis.document);
  }
  return { i18n, ready };
}
