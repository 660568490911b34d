import { describe, expect, it } from 'vitest';
import { signInRouteJsBudgetBytes } from '../packages/app/sizeBudget.ts';
import {
  type FetchedFile,
  firstLoadFiles,
  isTextContent,
  scriptUrls,
  sentFile,
} from '../scripts/firstLoad.ts';
import { setUpE2e } from './harness/browser.ts';

// The sign-in page's first load against the running product: what it fetches, how the
// server sends it, and the size check of the sign-in route.
// The run's shared product: it only reads the served files.
const e2e = setUpE2e({ product: 'shared' });

async function signInPageLoad() {
  const page = await e2e.newPage();
  const files = await firstLoadFiles(page, '/', (loaded) =>
    loaded.getByRole('button', { name: 'Sign in', exact: true }).waitFor(),
  );
  return { page, files };
}

/** The page's own files (not its API calls, such as the passkey autofill's challenge). */
const sameOrigin = (files: FetchedFile[]) =>
  files.filter(
    (file) =>
      file.url.startsWith(e2e.product().url) && !new URL(file.url).pathname.startsWith('/api/'),
  );

describe('first load of the sign-in page', () => {
  it('is sent compressed, file by file: brotli, else gzip, saying it varies', async () => {
    const { files } = await signInPageLoad();
    const urls = [...new Set(sameOrigin(files).map((file) => file.url))];
    const text = (await Promise.all(urls.map((url) => sentFile(url, 'identity')))).filter((file) =>
      isTextContent(file.contentType),
    );
    // The page, its scripts, its stylesheet and its translations at least.
    expect(text.length).toBeGreaterThanOrEqual(5);
    for (const { url } of text) {
      const [br, gzip] = await Promise.all([sentFile(url, 'br, gzip'), sentFile(url, 'gzip')]);
      expect({
        url,
        status: br.status,
        encoding: br.encoding,
        varies: br.variesByEncoding,
      }).toEqual({ url, status: 200, encoding: 'br', varies: true });
      expect({ url, encoding: gzip.encoding }).toEqual({ url, encoding: 'gzip' });
    }
  });

  it(`keeps the sign-in route's JavaScript within its budget (${signInRouteJsBudgetBytes.toLocaleString('en-US')} bytes of brotli)`, async () => {
    const { files } = await signInPageLoad();
    const scripts = await Promise.all(
      scriptUrls(sameOrigin(files)).map((url) => sentFile(url, 'br')),
    );
    const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const listing = scripts.map((script) => `${script.bytes} ${script.url}`).join('\n');
    expect(bytes, `the sign-in route's scripts:\n${listing}`).toBeLessThanOrEqual(
      signInRouteJsBudgetBytes,
    );
  });

  it("fetches no code of the signed-in screens, toasts, schemas or Chakra's system, nor the global CSS as script, until the coach starts on the form", async () => {
    const { page, files } = await signInPageLoad();
    const scripts = scriptUrls(sameOrigin(files));
    expect(scripts.filter((url) => /ClientsScreen|ToastContainer/.test(url))).toEqual([]);
    for (const url of scripts) {
      const code = await (await fetch(url)).text();
      // react-toastify's class names, the contract's schema prose, the charts' class names.
      expect({ url, hasToasts: code.includes('Toastify__') }).toEqual({ url, hasToasts: false });
      expect({ url, hasSchemas: code.includes('Machine-readable error code') }).toEqual({
        url,
        hasSchemas: false,
      });
      expect({ url, hasCharts: code.includes('visx-') }).toEqual({ url, hasCharts: false });
      // yup (its default message): the forms' schemas load once the coach starts on a form.
      expect({ url, hasYup: code.includes('is a required field') }).toEqual({
        url,
        hasYup: false,
      });
      // The design system's global CSS (its layer order): a stylesheet, not a script's string.
      expect({ url, hasGlobalCss: code.includes('@layer reset,base,tokens,recipes') }).toEqual({
        url,
        hasGlobalCss: false,
      });
      // Chakra's system (its variables' root): the sign-in route's components are static, and
      // the provider comes with the code that needs it (decision 83).
      expect({ url, hasChakraSystem: code.includes('.chakra-theme') }).toEqual({
        url,
        hasChakraSystem: false,
      });
    }

    // Focusing the form fetches the clients screen while the coach types.
    const clientsScreen = page.waitForRequest((request) => /ClientsScreen/.test(request.url()));
    await page.getByLabel('Email').focus();
    await clientsScreen;
  });
});
