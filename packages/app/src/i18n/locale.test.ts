import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { localeOf } from './locale.ts';

async function i18nIn(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: 'en-US',
    supportedLngs: ['en-US', 'es'],
    resources: {
      'en-US': { translation: { app: { name: 'Coach' } } },
      es: { translation: { app: { name: 'Coach' } } },
    },
  });
  return i18n;
}

describe('the locale of dates and numbers', () => {
  it('is the language of the texts', async () => {
    expect(localeOf(await i18nIn('es'))).toBe('es');
    expect(localeOf(await i18nIn('en-US'))).toBe('en-US');
  });

  it('is the one the texts fell back to for a language without them', async () => {
    expect(localeOf(await i18nIn('fr'))).toBe('en-US');
  });

  it('stays English while Spanish texts are not in (their load failed)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'es',
      fallbackLng: 'en-US',
      supportedLngs: ['en-US', 'es'],
      resources: { 'en-US': { translation: { app: { name: 'Coach' } } } },
    });
    expect(localeOf(i18n)).toBe('en-US');
  });

  it('writes Spanish figures in Spanish', async () => {
    const locale = localeOf(await i18nIn('es'));
    expect(new Intl.NumberFormat(locale).format(12345.5)).toBe('12.345,5');
    expect(
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date('2026-11-16T09:30:00Z'),
      ),
    ).toBe('16 de noviembre de 2026');
  });
});
