import type { HttpBackendOptions } from 'i18next-http-backend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppI18n } from './createAppI18n.ts';
import {
  languageDetectionOptions,
  supportedLanguages,
  translationLoadingOptions,
} from './i18nOptions.ts';

type Request = NonNullable<HttpBackendOptions['request']>;
type Callback = Parameters<Request>[3];

const answer = (callback: Callback, status: number, data = '{}') =>
  callback(null, { status, data });

function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the language detector reads document.cookie
  document.cookie = cookie;
}

function clearDetectionSources() {
  localStorage.clear();
  sessionStorage.clear();
  setCookie('i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = '';
}

describe('translation loading', () => {
  beforeEach(() => {
    clearDetectionSources();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('retries a failed read 5 times, after 350 ms and then doubling each wait', async () => {
    const start = Date.now();
    const calls: number[] = [];
    const request: Request = (_options, _url, _payload, callback) => {
      calls.push(Date.now() - start);
      answer(callback, 503, '');
    };
    createAppI18n({ request });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0, 350, 1050, 2450, 5250, 10_850]);
  });

  it('stops retrying once a read succeeds', async () => {
    let count = 0;
    const request: Request = (_options, _url, _payload, callback) => {
      count += 1;
      answer(callback, count < 3 ? 500 : 200, '{"app":{"name":"Coach"}}');
    };
    const { i18n } = createAppI18n({ request });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count).toBe(3);
    expect(i18n.t('app.name')).toBe('Coach');
  });

  it('does not retry a missing resource (404)', async () => {
    const request = vi.fn<Request>((_options, _url, _payload, callback) => answer(callback, 404));
    createAppI18n({ request });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('keeps at most 10 reads in flight', async () => {
    const pending: Callback[] = [];
    const request: Request = (_options, _url, _payload, callback) => {
      pending.push(callback);
    };
    const { i18n } = createAppI18n({ request });
    await vi.advanceTimersByTimeAsync(0);
    const namespaces = Array.from({ length: 14 }, (_, index) => `ns${index}`);
    void i18n.loadNamespaces(namespaces);
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(10);

    const first = pending[0];
    if (first) answer(first, 200);
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(11);
  });

  it('uses the options of requirements R9.10 and R9.12', () => {
    expect(translationLoadingOptions).toEqual({
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
    });
  });
});

describe('language detection', () => {
  const request: Request = (_options, _url, _payload, callback) =>
    answer(callback, 200, '{"app":{"name":"Coach"}}');
  const manyLanguages = ['en-US', 'fr', 'de', 'es'];

  beforeEach(clearDetectionSources);

  it('looks at the query string, cookie, localStorage, sessionStorage, browser, html lang', () => {
    expect(languageDetectionOptions.order).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(languageDetectionOptions.lookupQuerystring).toBe('lng');
    expect(languageDetectionOptions.caches).toEqual(['localStorage']);
  });

  it('defaults to en-US and keeps <html lang> in step', async () => {
    const { i18n, ready } = createAppI18n({ request });
    await ready;
    expect(i18n.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('prefers ?lng= over the cookie, and the cookie over localStorage', async () => {
    window.history.replaceState(null, '', '/?lng=fr');
    setCookie('i18next=de; path=/');
    localStorage.setItem('i18nextLng', 'es');
    const first = createAppI18n({ request, supportedLanguages: manyLanguages });
    await first.ready;
    expect(first.i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');

    window.history.replaceState(null, '', '/');
    const second = createAppI18n({ request, supportedLanguages: manyLanguages });
    await second.ready;
    expect(second.i18n.language).toBe('de');
  });

  it('prefers localStorage over sessionStorage, and caches the language in localStorage', async () => {
    sessionStorage.setItem('i18nextLng', 'de');
    localStorage.setItem('i18nextLng', 'es');
    const { i18n, ready } = createAppI18n({ request, supportedLanguages: manyLanguages });
    await ready;
    expect(i18n.language).toBe('es');

    localStorage.clear();
    const next = createAppI18n({ request, supportedLanguages: manyLanguages });
    await next.ready;
    expect(next.i18n.language).toBe('de');
    expect(localStorage.getItem('i18nextLng')).toBe('de');
  });

  it('ships English (US) and Spanish', () => {
    expect(supportedLanguages).toEqual(['en-US', 'es']);
  });

  it("detects Spanish from the browser's es-ES, fetching its texts and en-US's only", async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES', 'es']);
    const urls: string[] = [];
    const { i18n, ready } = createAppI18n({
      request: (_options, url, _payload, callback) => {
        urls.push(url);
        answer(callback, 200, '{"app":{"name":"Coach"}}');
      },
    });
    await ready;
    languages.mockRestore();
    expect(i18n.resolvedLanguage).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(urls.sort()).toEqual([
      '/locales/en-US/translation.json',
      '/locales/es/translation.json',
    ]);
  });

  it('fetches no Spanish texts for an English-speaking coach', async () => {
    const urls: string[] = [];
    const { ready } = createAppI18n({
      request: (_options, url, _payload, callback) => {
        urls.push(url);
        answer(callback, 200, '{"app":{"name":"Coach"}}');
      },
    });
    await ready;
    expect(urls).toEqual(['/locales/en-US/translation.json']);
  });

  it('falls back to en-US for a language without resources', async () => {
    window.history.replaceState(null, '', '/?lng=xx');
    const { i18n, ready } = createAppI18n({ request });
    await ready;
    expect(i18n.language).toBe('en-US');
    expect(i18n.resolvedLanguage).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });
});
