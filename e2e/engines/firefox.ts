import puppeteer, { type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { chordOf, type Engine, type EngineElement, type EnginePage, type Json } from './engine.ts';

/** Debian's Firefox ESR (scripts/ensure-engines.sh installs it). */
const firefoxPath = '/usr/bin/firefox-esr';

/**
 * Firefox, driven over WebDriver BiDi by puppeteer-core (Playwright's patched Firefox cannot be
 * downloaded here; the stock one speaks BiDi): one browser for the test file, a browser context
 * (a fresh profile) for each page. English and UTC as the other journeys' pages are.
 */
export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    defaultViewport: { width: 1440, height: 900 },
    env: { ...process.env, TZ: 'UTC' },
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US', 'intl.locale.requested': 'en-US' },
  });
  return {
    name: 'Firefox',
    newPage: async (baseUrl) => {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        return firefoxPage(page, baseUrl, () => context.close());
      } catch (error) {
        await context.close();
        throw error;
      }
    },
    close: () => browser.close(),
  };
}

function firefoxPage(page: Page, baseUrl: string, close: () => Promise<void>): EnginePage {
  const element = (handle: ElementHandle<Element>): EngineElement => ({
    click: () => handle.click(),
  });
  return {
    goto: async (path) => {
      await page.goto(new URL(path, baseUrl).toString());
    },
    reload: async () => {
      await page.reload();
    },
    url: async () => new URL(page.url()),
    // Our functions take and answer JSON only: puppeteer's types allow handles too.
    evaluate: <A extends Json[], R>(fn: (...args: A) => R, ...args: A) =>
      page.evaluate(fn as (...params: Json[]) => R, ...args) as Promise<R>,
    run: async (source) => {
      await page.evaluate(source);
    },
    element: async (fn, ...args) => {
      const find = fn as (...params: Json[]) => Element | null;
      const handle = (await page.evaluateHandle(find, ...args)).asElement();
      return handle ? element(handle as ElementHandle<Element>) : null;
    },
    press: async (key) => {
      const chord = chordOf(key);
      if (chord.modifier) await page.keyboard.down(chord.modifier);
      await page.keyboard.press(chord.key as KeyInput);
      if (chord.modifier) await page.keyboard.up(chord.modifier);
    },
    type: (text) => page.keyboard.type(text),
    screenshot: async (file) => {
      await page.screenshot({ path: file as `${string}.png` });
    },
    close,
  };
}
