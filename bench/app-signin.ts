// The sign-in route as a coach meets it: JS and CSS bytes (gzip) beside a floor app built in the
// same run, Lighthouse (desktop preset, Debian chromium) and the time from the sign-in click to
// the first signed-in screen. The product runs as `npm start` runs it: the server serving the
// built app on a fresh embedded database with the demo seed.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.js';

const root = resolve(import.meta.dirname, '..');

type Bytes = { jsGzip: number; cssGzip: number };

async function buildFloorApp(): Promise<Bytes> {
  const outDir = mkdtempSync(join(tmpdir(), 'coach-floor-'));
  await build({ configFile: join(root, 'bench/floor-app/vite.config.ts'), build: { outDir } });
  const bytes: Bytes = { jsGzip: 0, cssGzip: 0 };
  for (const file of readdirSync(join(outDir, 'assets'))) {
    const size = gzipSync(readFileSync(join(outDir, 'assets', file))).byteLength;
    if (file.endsWith('.js')) bytes.jsGzip += size;
    if (file.endsWith('.css')) bytes.cssGzip += size;
  }
  return bytes;
}

async function startProduct(): Promise<{ url: string; child: ChildProcess }> {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [join(root, 'packages/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'coach-bench-app-')),
      DATABASE_URL: '',
      STATIC_DIR: join(root, 'packages/app/dist'),
      DEMO_SEED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  child.kill();
  throw new Error('the product did not start within 30 s');
}

async function measureSignInRoute(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const bytes: Bytes = { jsGzip: 0, cssGzip: 0 };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response.body().then((body) => {
          const size = gzipSync(body).byteLength;
          if (type === 'script') bytes.jsGzip += size;
          else bytes.cssGzip += size;
        }),
      );
    });
    await page.goto(url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await Promise.all(pending);

    // Sign-in click to the first signed-in screen, five times, fresh storage each time.
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const signIn = await fresh.newPage();
      await signIn.goto(url);
      await signIn.getByLabel('Email').fill('coach@example.com');
      await signIn.getByLabel('Password', { exact: true }).fill('Coach123!');
      const start = performance.now();
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await signIn.getByRole('heading', { name: 'My clients' }).waitFor();
      times.push(performance.now() - start);
      await fresh.close();
    }
    times.sort((a, b) => a - b);
    return { bytes, signInToSignedInMs: Math.round(times[2] ?? Number.NaN) };
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url: string) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error' }, desktopConfig);
    const audits = result?.lhr.audits;
    return {
      performanceScore: result?.lhr.categories.performance?.score ?? null,
      lcpMs: Math.round(audits?.['largest-contentful-paint']?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits?.['total-blocking-time']?.numericValue ?? Number.NaN),
      cls: audits?.['cumulative-layout-shift']?.numericValue ?? null,
    };
  } finally {
    chrome.kill();
  }
}

export async function runAppSignInBench() {
  const floor = await buildFloorApp();
  const product = await startProduct();
  try {
    const signIn = await measureSignInRoute(product.url);
    const lighthouse = await runLighthouse(product.url);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return {
      signInRoute: signIn.bytes,
      floorApp: floor,
      js_over_floor: ratio(signIn.bytes.jsGzip, floor.jsGzip),
      css_over_floor: floor.cssGzip ? ratio(signIn.bytes.cssGzip, floor.cssGzip) : null,
      lighthouseDesktop: lighthouse,
      signInClickToSignedInMs: signIn.signInToSignedInMs,
    };
  } finally {
    product.child.kill('SIGTERM');
  }
}
