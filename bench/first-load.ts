// The first load as a coach meets it, against the product as `npm start` runs it (the
// server serving the built app, a fresh embedded database with the demo seed): the sign-in
// route's JavaScript as the server sends it to a browser that accepts brotli, beside the floor
// app (empty Vite + React + react-router + Chakra provider) built, compressed and served the same
// way in the same run; whether every text file goes compressed; Lighthouse (Debian chromium,
// desktop and mobile presets); and the time from the sign-in click to the clients table painted.
// Knobs: FIRST_LOAD_CLICK_RUNS (5), FIRST_LOAD_LIGHTHOUSE_RUNS (3).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { buildServer } from '../packages/server/src/app.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.js';
import type { Bench, Figure } from '../scripts/figures.ts';
import {
  firstLoadFiles,
  isTextContent,
  type SentFile,
  scriptUrls,
  sentFile,
} from '../scripts/firstLoad.ts';

const root = resolve(import.meta.dirname, '..');
const clickRuns = Number(process.env.FIRST_LOAD_CLICK_RUNS ?? 5);
const lighthouseRuns = Number(process.env.FIRST_LOAD_LIGHTHOUSE_RUNS ?? 3);
const demoCoach = { email: 'coach@example.com', password: 'Coach123!' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** The floor app, built (and precompressed) like the app, served by the product's server code. */
async function serveFloorApp() {
  const outDir = mkdtempSync(join(tmpdir(), 'coach-floor-'));
  await build({ configFile: join(root, 'bench/floor-app/vite.config.ts'), build: { outDir } });
  const server = await buildServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: outDir,
    isFrontendCspStrict: true,
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    stop: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * The product as `npm start` runs it, on a fresh data folder or on `dataDir` (one a benchmark
 * seeded first: the demo seed finds its accounts and history there and adds nothing), serving
 * the app built in `staticDir` (another version's, to compare).
 */
export async function startProduct(
  dataDir = mkdtempSync(join(tmpdir(), 'coach-bench-first-load-')),
  staticDir = join(root, 'packages/app/dist'),
): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [join(root, 'packages/simulator/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      DEMO_SEED: '1',
      // The demo as `npm start` runs it: Vite's build of the floor app set NODE_ENV=production in
      // this process, and production refuses the demo's published passwords.
      NODE_ENV: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Seeding the demo practice takes a while on two busy cores.
  for (let attempt = 0; attempt < 3000; attempt++) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  child.kill();
  throw new Error('the product did not start within 300 s');
}

type FirstLoadBytes = {
  /** Scripts as sent with `Accept-Encoding: br`, in bytes. */
  jsBr: number;
  cssBr: number;
  scripts: SentFile[];
  /** Text files of the first load the server sent without compression to a brotli client. */
  uncompressed: string[];
};

/** What a page's first load fetches, each file re-fetched from Node as a brotli client gets it. */
async function firstLoadBytes(
  browser: Browser,
  url: string,
  isReady: (page: Page) => Promise<unknown>,
): Promise<FirstLoadBytes> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const files = await firstLoadFiles(await context.newPage(), url, isReady);
    // The page's own files, not its API calls (such as the passkey autofill's challenge).
    const ours = files.filter(
      (file) => file.url.startsWith(url) && !new URL(file.url).pathname.startsWith('/api/'),
    );
    const scripts = new Set(scriptUrls(ours));
    const sent = await Promise.all(
      [...new Set(ours.map((file) => file.url))].map((fileUrl) => sentFile(fileUrl, 'br')),
    );
    const sum = (list: SentFile[]) => list.reduce((total, file) => total + file.bytes, 0);
    return {
      jsBr: sum(sent.filter((file) => scripts.has(file.url))),
      cssBr: sum(sent.filter((file) => file.contentType.includes('text/css'))),
      scripts: sent.filter((file) => scripts.has(file.url)),
      uncompressed: sent
        .filter((file) => isTextContent(file.contentType) && file.encoding !== 'br')
        .map((file) => file.url),
    };
  } finally {
    await context.close();
  }
}

/**
 * From the sign-in click to the clients table painted with its rows, in the page's own clock: the
 * click as the page receives it, then the first frame after the rows are in the document. The
 * coach has typed first (the form's focus preloads the clients screen), as a coach does.
 */
export async function signInToTableMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Email').fill(demoCoach.email);
    await page.getByLabel('Password', { exact: true }).fill(demoCoach.password);
    // Typing takes a coach seconds; the preloads it started get one here.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const state = window as unknown as { clickedAt?: number };
      document.addEventListener(
        'click',
        () => {
          state.clickedAt = performance.now();
        },
        { capture: true, once: true },
      );
    });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    return await page.evaluate(
      () =>
        new Promise<number>((done) => {
          const state = window as unknown as { clickedAt?: number };
          const check = () => {
            const row = document.querySelector(
              'table[aria-label="Clients"]:not([aria-busy]) tbody tr[data-kind="data"]',
            );
            if (!row) {
              requestAnimationFrame(check);
              return;
            }
            // This frame paints the rows; the task after it runs once it has.
            requestAnimationFrame(() =>
              setTimeout(() => done(performance.now() - (state.clickedAt ?? Number.NaN))),
            );
          };
          check();
        }),
    );
  } finally {
    await context.close();
  }
}

type LighthouseFigures = { score: number; lcpMs: number; cls: number; tbtMs: number };

async function runLighthouse(
  url: string,
  preset: 'desktop' | 'mobile',
): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] },
      // The mobile preset is Lighthouse's default configuration.
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const audits = result?.lhr.audits;
    return {
      score: Math.round((result?.lhr.categories.performance?.score ?? Number.NaN) * 100),
      lcpMs: Math.round(audits?.['largest-contentful-paint']?.numericValue ?? Number.NaN),
      cls: audits?.['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbtMs: Math.round(audits?.['total-blocking-time']?.numericValue ?? Number.NaN),
    };
  } finally {
    chrome.kill();
  }
}

/** Several Lighthouse runs of a preset, each figure the median of the runs. */
async function lighthouseMedians(url: string, preset: 'desktop' | 'mobile') {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < lighthouseRuns; run++) runs.push(await runLighthouse(url, preset));
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    cls: median(runs.map((run) => run.cls)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    runs,
  };
}

export async function runFirstLoadBench() {
  const [floor, product] = await Promise.all([serveFloorApp(), startProduct()]);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const floorBytes = await firstLoadBytes(browser, floor.url, (page) =>
      page.getByText('Floor').waitFor(),
    );
    const signInBytes = await firstLoadBytes(browser, product.url, (page) =>
      page.getByRole('button', { name: 'Sign in', exact: true }).waitFor(),
    );
    const clicks: number[] = [];
    for (let run = 0; run < clickRuns; run++)
      clicks.push(await signInToTableMs(browser, product.url));
    await browser.close();
    const desktop = await lighthouseMedians(product.url, 'desktop');
    const mobile = await lighthouseMedians(product.url, 'mobile');
    return {
      signIn: signInBytes,
      floor: floorBytes,
      signInToTableMs: Math.round(median(clicks)),
      signInToTableRunsMs: clicks.map(Math.round),
      lighthouse: { desktop, mobile },
    };
  } finally {
    await browser.close();
    await floor.stop();
    const exited = new Promise((done) => product.child.once('exit', done));
    product.child.kill('SIGTERM');
    await exited;
    rmSync(product.dataDir, { recursive: true, force: true });
  }
}

const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The `first-load` entry of `npm run bench`: each figure with its goal. */
export const firstLoadBench: Bench = {
  name: 'first-load',
  title:
    'the sign-in page as the server sends it (brotli) against the floor app, Lighthouse, and sign-in click to the clients table',
  async run() {
    const result = await runFirstLoadBench();
    const { desktop, mobile } = result.lighthouse;
    const lighthouseNote = `Debian chromium, median of ${lighthouseRuns}`;
    const figures: Figure[] = [
      {
        id: 'first-load.signin-js-br',
        label: 'Sign-in route JS over the wire (brotli)',
        value: kilobytes(result.signIn.jsBr),
        unit: 'KB',
        better: 'lower',
        peer: { label: 'floor app', value: kilobytes(result.floor.jsBr) },
        goal: { kind: 'ratio', ratio: 1.15 },
      },
      {
        id: 'first-load.signin-css-br',
        label: 'Sign-in route CSS over the wire (brotli)',
        value: kilobytes(result.signIn.cssBr),
        unit: 'KB',
        better: 'lower',
        goal: { kind: 'none' },
      },
      {
        id: 'first-load.uncompressed-text-files',
        label: 'Text files of the sign-in page sent uncompressed to a brotli client',
        value: result.signIn.uncompressed.length,
        unit: 'count',
        better: 'lower',
        goal: { kind: 'absolute', value: 0 },
      },
      {
        id: 'first-load.lighthouse-desktop-score',
        label: 'Lighthouse performance, desktop preset',
        note: lighthouseNote,
        value: desktop.score,
        unit: 'score',
        better: 'higher',
        goal: { kind: 'absolute', value: 100 },
      },
      {
        id: 'first-load.lighthouse-desktop-lcp',
        label: 'Largest contentful paint, Lighthouse desktop',
        note: lighthouseNote,
        value: desktop.lcpMs,
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'absolute', value: 800 },
      },
      {
        id: 'first-load.lighthouse-desktop-cls',
        label: 'Cumulative layout shift, Lighthouse desktop',
        note: lighthouseNote,
        value: desktop.cls,
        unit: 'score',
        better: 'lower',
        goal: { kind: 'absolute', value: 0 },
      },
      {
        id: 'first-load.lighthouse-mobile-score',
        label: 'Lighthouse performance, mobile preset',
        note: lighthouseNote,
        value: mobile.score,
        unit: 'score',
        better: 'higher',
        goal: { kind: 'absolute', value: 90 },
      },
      {
        id: 'first-load.signin-to-table',
        label: 'Sign-in click to the clients table painted',
        note: `demo coach, 22 clients, median of ${clickRuns}`,
        value: result.signInToTableMs,
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'absolute', value: 600 },
      },
    ];
    return { figures, details: result };
  },
};
