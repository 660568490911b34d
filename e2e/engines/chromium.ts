import { type ElementHandle, chromium as playwrightChromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.js';
import type { Engine, EnginePage, Json } from './engine.ts';

/**
 * Chromium as an engine of the journeys (Debian's, as the other browser tests drive it, through
 * playwright-core): the journeys written once for every engine (the attention queue's) run in it
 * as in Firefox and WebKit. One browser for the test file, a context (a fresh profile) a page, at
 * 1440x900, en-US, UTC.
 */
export async function launchChromium(): Promise<Engine> {
  const browser = await playwrightChromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  return {
    name: 'Chromium',
    newPage: async (baseUrl) => {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'en-US',
        timezoneId: 'UTC',
        baseURL: baseUrl,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const pageOf: EnginePage = {
        goto: async (path) => {
          await page.goto(new URL(path, baseUrl).toString());
        },
        reload: async () => {
          await page.reload();
        },
        url: async () => new URL(page.url()),
        // The function's source called on its JSON arguments, evaluated by the browser's
        // protocol (as the page's own scripts are not: its CSP forbids building code).
        evaluate: <A extends Json[], R>(fn: (...args: A) => R, ...args: A) =>
          page.evaluate(callOf(fn, args)) as Promise<R>,
        run: async (source) => {
          await page.evaluate(source);
        },
        element: async (fn, ...args) => {
          const handle = await page.evaluateHandle(callOf(fn, args));
          const element = handle.asElement() as ElementHandle<Element> | null;
          return element ? { click: () => element.click() } : null;
        },
        press: (key) => page.keyboard.press(key),
        type: (text) => page.keyboard.type(text),
        screenshot: async (file) => {
          await page.screenshot({ path: file });
        },
        close: () => context.close(),
      };
      return pageOf;
    },
    close: () => browser.close(),
  };
}

/** A script that calls `fn` (its source) on `args`. */
const callOf = (fn: (...args: never[]) => unknown, args: readonly Json[]) =>
  `(${fn.toString()})(...${JSON.stringify(args)})`;
