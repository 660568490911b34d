import type translation from '../../public/locales/en-US/translation.json';

// Keys are typed from the en-US resource (the source of truth): a missing key is a type error.
declare module 'i18next' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof translation };
  }
}
