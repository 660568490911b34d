import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumHeadlessShellPath } from './chromium.js';
import { approveRenders } from './visualApprove.ts';
import { reviewRun } from './visualReview.ts';
import { createReviewServer } from './visualReviewServer.ts';

/** A white PNG of the size, with the first `changed` pixels black. */
function png(width: number, height: number, changed = 0): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(255);
  for (let pixel = 0; pixel < changed; pixel += 1) image.data.fill(0, pixel * 4, pixel * 4 + 3);
  return PNG.sync.write(image);
}

let root: string;
let review: string;
let baselines: string;
const put = (folder: string, id: string, bytes: Buffer) => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${id}.png`), bytes);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'visual-review-'));
  review = join(root, 'test-results', 'visual');
  baselines = join(root, 'baselines');
  // The same bytes; one pixel in 10,000 (within the 0.05 % tolerance); 100 pixels (1 %); another
  // size; and a story with no baseline yet.
  put(baselines, 'ui-button--primary', png(100, 100));
  put(join(review, 'actual'), 'ui-button--primary', png(100, 100));
  put(baselines, 'ui-button--ghost', png(100, 100));
  put(join(review, 'actual'), 'ui-button--ghost', png(100, 100, 1));
  put(baselines, 'ui-modal--default', png(100, 100));
  put(join(review, 'actual'), 'ui-modal--default', png(100, 100, 100));
  put(baselines, 'app-screens-clients--empty', png(100, 100));
  put(join(review, 'actual'), 'app-screens-clients--empty', png(100, 120));
  put(join(review, 'actual'), 'ui-modal--narrow', png(50, 50));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the visual review', () => {
  it('lists the stories the snapshot check fails, with their difference, and the new ones', () => {
    const result = reviewRun(review, baselines, ['2026-11-25T10-00-00Z']);
    expect(result.changed).toEqual([
      { id: 'app-screens-clients--empty', percent: null },
      { id: 'ui-modal--default', percent: 1 },
    ]);
    expect(result.added).toEqual(['ui-modal--narrow']);
    expect(result.unchanged).toBe(2);
    expect(existsSync(join(review, 'diff', 'ui-modal--default.png'))).toBe(true);
    expect(existsSync(join(review, 'expected', 'ui-modal--default.png'))).toBe(true);
    expect(existsSync(join(review, 'diff', 'ui-button--ghost.png'))).toBe(false);
    expect(JSON.parse(readFileSync(join(review, 'report.json'), 'utf8'))).toEqual(result);
  });

  it("counts a render the run's check matched as unchanged, without reading it again", () => {
    // Bytes no PNG decoder reads: a look at them would throw.
    put(join(review, 'actual'), 'ui-button--secondary', Buffer.from('not a png'));
    put(baselines, 'ui-button--secondary', png(100, 100));
    mkdirSync(join(review, 'matched'), { recursive: true });
    writeFileSync(join(review, 'matched', 'ui-button--secondary'), '');
    const result = reviewRun(review, baselines);
    expect(result.unchanged).toBe(3);
    expect(result.changed.map(({ id }) => id)).toEqual([
      'app-screens-clients--empty',
      'ui-modal--default',
    ]);
    // Without the mark, a render that differs is compared, and listed with its difference.
    rmSync(join(review, 'matched', 'ui-button--secondary'));
    put(join(review, 'actual'), 'ui-button--secondary', png(100, 100, 100));
    expect(reviewRun(review, baselines).changed).toContainEqual({
      id: 'ui-button--secondary',
      percent: 1,
    });
  });

  it('groups the page by component, with an approval for each story and each component', () => {
    reviewRun(review, baselines, ['2026-11-25T10-00-00Z']);
    const html = readFileSync(join(review, 'index.html'), 'utf8');
    expect(html).toContain('<title>Visual review: 2 changed, 1 new</title>');
    expect(html).toContain(
      'Visual review: <span data-count="changed">2</span> changed, <span data-count="added">1</span> new, 2 unchanged',
    );
    const components = [...html.matchAll(/<section class="component" data-component="([^"]+)"/g)];
    expect(components.map((match) => match[1])).toEqual(['app-screens-clients', 'ui-modal']);
    expect(html).toContain('data-ids="ui-modal--default ui-modal--narrow">Approve all 2</button>');
    expect(html).toContain('data-ids="ui-modal--narrow">Approve</button>');
    expect(html).toContain(
      '<code>ui-modal--default</code> <span class="note">1.00 % of pixels changed',
    );
    expect(html).toContain(
      'npm run test-storybook:approve -- app-screens-clients--empty ui-modal--default ui-modal--narrow',
    );
    expect(html).toContain('href="../visual-runs/2026-11-25T10-00-00Z/index.html"');
  });
});

describe('approving renders', () => {
  it("makes the named stories' renders their baselines, and no other", () => {
    expect(
      approveRenders(['ui-modal--default'], { renders: join(review, 'actual'), baselines }),
    ).toEqual(['ui-modal--default']);
    expect(readFileSync(join(baselines, 'ui-modal--default.png'))).toEqual(png(100, 100, 100));
    expect(readFileSync(join(baselines, 'app-screens-clients--empty.png'))).toEqual(png(100, 100));
  });

  it('approves nothing when one id is not a story id or has no render', () => {
    const folders = { renders: join(review, 'actual'), baselines };
    expect(() => approveRenders(['ui-modal--default', '../secrets'], folders)).toThrow(
      "not a story id: '../secrets'",
    );
    expect(() => approveRenders(['ui-modal--default', 'ui-modal--gone'], folders)).toThrow(
      'no render of ui-modal--gone in the last run',
    );
    expect(readFileSync(join(baselines, 'ui-modal--default.png'))).toEqual(png(100, 100));
  });
});

describe('the review server', () => {
  async function serve() {
    reviewRun(review, baselines);
    const server = createReviewServer({
      root: join(root, 'test-results'),
      folders: { renders: join(review, 'actual'), baselines },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('serves the review and its images, and nothing outside it', async () => {
    const { base, close } = await serve();
    try {
      const page = await fetch(`${base}/visual/index.html`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('Visual review: 2 changed');
      expect((await fetch(`${base}/visual/diff/ui-modal--default.png`)).status).toBe(200);
      for (const path of [
        '/visual/%2e%2e/%2e%2e/baselines/ui-modal--default.png',
        '/etc/passwd',
        '/visual/',
      ]) {
        expect((await fetch(`${base}${path}`)).status).toBe(404);
      }
    } finally {
      await close();
    }
  });

  /**
   * The status of a GET of `path` sent as it is (fetch would resolve its dot segments first), on
   * a connection of its own that does not outlive it (a kept-alive one would hold up the close).
   */
  function statusOf(base: string, path: string) {
    return new Promise<number | undefined>((resolve, reject) => {
      get(`${base}/`, { path, agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
  }

  it('refuses a path that leaves its folder through an encoded dot segment or slash', async () => {
    const { base, close } = await serve();
    // Beside the served folders, and outside test-results.
    writeFileSync(join(root, 'test-results', 'secret.txt'), 'not for the review');
    try {
      for (const path of [
        '/visual/..%2fsecret.txt',
        '/visual/%2e%2e%2fsecret.txt',
        '/visual/%2E%2E%2Fsecret.txt',
        '/visual/%2e%2e/secret.txt',
        '/visual/diff/..%2f..%2fsecret.txt',
        '/visual-runs/..%2fsecret.txt',
        '/visual-runs/..%2fvisual%2findex.html',
        '/visual/..%2f..%2fbaselines%2fui-modal--default.png',
        '/visual/..%252fsecret.txt',
        '/visual/..%5csecret.txt',
        '/visual/%00',
      ]) {
        expect({ path, status: await statusOf(base, path) }).toEqual({ path, status: 404 });
      }
      // An encoded slash that stays inside the folder is only a slash.
      expect(await statusOf(base, '/visual/diff%2fui-modal--default.png')).toBe(200);
    } finally {
      await close();
    }
  });

  it('refuses a symlink that points out of its folder, and serves one that stays in it', async () => {
    const { base, close } = await serve();
    writeFileSync(join(root, 'test-results', 'secret.txt'), 'not for the review');
    symlinkSync(join(baselines, 'ui-modal--default.png'), join(review, 'baseline.png'));
    symlinkSync(root, join(review, 'up'));
    mkdirSync(join(root, 'test-results', 'visual-runs'), { recursive: true });
    symlinkSync(join(review, 'index.html'), join(root, 'test-results', 'visual-runs', 'last.html'));
    symlinkSync(join(review, 'diff', 'ui-modal--default.png'), join(review, 'alias.png'));
    try {
      for (const path of [
        '/visual/baseline.png',
        '/visual/up/baselines/ui-modal--default.png',
        '/visual/up/test-results/secret.txt',
        '/visual-runs/last.html',
      ]) {
        expect({ path, status: await statusOf(base, path) }).toEqual({ path, status: 404 });
      }
      expect(await statusOf(base, '/visual/alias.png')).toBe(200);
    } finally {
      await close();
    }
  });

  it('approves from the page: the render becomes the baseline; a wrong id or another origin changes nothing', async () => {
    const { base, close } = await serve();
    const approve = (ids: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ ids }),
      });
    try {
      const refused = await approve(['ui-modal--default', 'nope']);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toContain("not a story id: 'nope'");
      const elsewhere = await approve(['ui-modal--default'], { origin: 'http://evil.example' });
      expect(elsewhere.status).toBe(403);
      expect(readFileSync(join(baselines, 'ui-modal--default.png'))).toEqual(png(100, 100));

      const approved = await approve(['ui-modal--default', 'ui-modal--narrow']);
      expect(approved.status).toBe(200);
      expect(await approved.json()).toEqual({
        approved: ['ui-modal--default', 'ui-modal--narrow'],
      });
      expect(readFileSync(join(baselines, 'ui-modal--default.png'))).toEqual(png(100, 100, 100));
      expect(readFileSync(join(baselines, 'ui-modal--narrow.png'))).toEqual(png(50, 50));
      expect((await fetch(`${base}/approve`)).status).toBe(405);
    } finally {
      await close();
    }
  });

  it('in a browser: the counts and the approve-all follow each approval; a story compares at full size', async () => {
    const { base, close } = await serve();
    const browser = await chromium.launch({
      executablePath: chromiumHeadlessShellPath,
      args: chromiumArgs,
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const missing: string[] = [];
      page.on('response', (answer) => {
        if (answer.status() >= 400) missing.push(answer.url());
      });
      await page.goto(`${base}/visual/index.html`);
      const modal = page.locator('section[data-component="ui-modal"]');
      const approveAll = modal.getByRole('button', { name: /^Approve all|All approved/ });
      await expect(approveAll.textContent()).resolves.toBe('Approve all 2');

      await page
        .locator('article[data-id="ui-modal--narrow"]')
        .getByRole('button', { name: 'Approve', exact: true })
        .click();
      await page.getByRole('status').filter({ hasText: 'Approved ui-modal--narrow.' }).waitFor();
      expect(await page.locator('h1').textContent()).toBe(
        'Visual review: 2 changed, 0 new, 2 unchanged',
      );
      expect(await page.title()).toBe('Visual review: 2 changed, 0 new');
      expect(await modal.locator('.count').textContent()).toBe('1');
      expect(await approveAll.textContent()).toBe('Approve all 1');
      expect(await approveAll.getAttribute('data-ids')).toBe('ui-modal--default');

      // The difference at full size: 100 px wide at 100 %, 200 px at 200 %; overlaid at 50 %.
      await page
        .locator('article[data-id="ui-modal--default"]')
        .getByRole('button', { name: 'Compare at full size' })
        .click();
      const viewer = page.getByRole('dialog', { name: 'ui-modal--default' });
      await viewer.waitFor();
      const baseline = viewer.getByRole('img', { name: 'Baseline of ui-modal--default' });
      await expect.poll(() => baseline.evaluate((image) => image.clientWidth)).toBe(100);
      await viewer.getByLabel('Zoom').selectOption('2');
      await expect.poll(() => baseline.evaluate((image) => image.clientWidth)).toBe(200);
      await viewer.getByLabel('Show').selectOption('overlay');
      const run = viewer.getByRole('img', { name: 'This run of ui-modal--default' });
      expect(await run.evaluate((image) => getComputedStyle(image).opacity)).toBe('0.5');
      await viewer.getByLabel("This run's opacity").fill('80');
      expect(await run.evaluate((image) => getComputedStyle(image).opacity)).toBe('0.8');
      await viewer.getByRole('button', { name: 'Close' }).click();
      await viewer.waitFor({ state: 'hidden' });

      await approveAll.click();
      await page.getByRole('status').filter({ hasText: 'Approved ui-modal--default.' }).waitFor();
      expect(await approveAll.textContent()).toBe('All approved');
      expect(await approveAll.isDisabled()).toBe(true);
      expect(await page.locator('h1').textContent()).toBe(
        'Visual review: 1 changed, 0 new, 2 unchanged',
      );
      expect(
        await page
          .locator('article[data-id="app-screens-clients--empty"] figure')
          .last()
          .textContent(),
      ).toBe('DifferenceThe sizes differ: compare the two.');
      expect((await fetch(`${base}/favicon.ico`)).status).toBe(204);
      expect(missing).toEqual([]);
    } finally {
      await browser.close();
      await close();
    }
  }, 30_000);
});
