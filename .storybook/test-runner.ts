import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { checkA11y, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import type { Page } from 'playwright-core';
import type { CompareAnswer, CompareRequest } from '../scripts/visualCompareWorker.ts';
import { failureThreshold } from '../scripts/visualTolerance.ts';
import { coachWindows, namedWindow, type WindowSize } from './windows.ts';

const snapshotsDir = `${process.cwd()}/stories/__image_snapshots__`;
// Whether this run takes the pictures (SB_SNAPSHOTS=0 in scripts/test-storybook.sh: `npm test`,
// the gate, leaves them to `npm run test:all`).
const takesSnapshots = process.env.SB_SNAPSHOTS !== '0';
// Whether this run checks each story with axe (SB_AXE=0 in scripts/test-storybook.sh: `npm test`,
// the gate, leaves it to `npm run test:all`, as the pictures).
const checksAccessibility = process.env.SB_AXE !== '0';
// Every render of this run, kept as a file for the visual review (scripts/visual-review.sh
// compares them with the baselines into an HTML report; approving a story copies its render).
const rendersDir = `${process.cwd()}/test-results/visual/actual`;
// The stories whose render this run matched with its baseline, one empty file each: the review
// counts them unchanged without comparing them again.
const matchedDir = `${process.cwd()}/test-results/visual/matched`;

// No animation, transition or caret blink may reach a snapshot.
const stillCss = `*, *::before, *::after {
  animation-duration: 0s !important; animation-delay: 0s !important;
  transition-duration: 0s !important; transition-delay: 0s !important;
  caret-color: transparent !important;
}`;

// How long a render that differs from its baseline is retaken before it counts as changed.
const settleMs = 5000;

// The pixel comparison runs in a worker thread (scripts/visualCompareWorker.ts says why), one per
// test worker, started at its first comparison and never keeping the process alive.
let compareWorker: Worker | null = null;
let compareCount = 0;
const pendingCompares = new Map<number, (answer: CompareAnswer) => void>();

/** Whether a render passes the check against its baseline (byte for byte, or within tolerance). */
function matchesBaseline(image: Buffer, baseline: Buffer): Promise<boolean> {
  if (image.equals(baseline)) return Promise.resolve(true);
  if (!compareWorker) {
    const started = new Worker(`${process.cwd()}/scripts/visualCompareWorker.ts`);
    started.on('message', (answer: CompareAnswer) => {
      pendingCompares.get(answer.id)?.(answer);
      pendingCompares.delete(answer.id);
    });
    // A worker that dies fails the comparisons it held, once (its 'error' comes before its
    // 'exit'), and the next comparison starts a new worker, whose own are left alone.
    const failAll = (reason: string) => {
      if (compareWorker !== started) return;
      compareWorker = null;
      for (const [id, settle] of pendingCompares) settle({ id, error: reason });
      pendingCompares.clear();
    };
    started.on('error', (error) => failAll(error.message));
    started.on('exit', (code) => failAll(`the worker stopped (exit code ${code})`));
    // Unreferenced after its listeners are added (a 'message' listener references it again).
    started.unref();
    compareWorker = started;
  }
  const worker = compareWorker;
  const id = ++compareCount;
  return new Promise((resolve, reject) => {
    pendingCompares.set(id, (answer) =>
      'error' in answer
        ? reject(new Error(`comparing a render with its baseline: ${answer.error}`))
        : resolve(answer.matched),
    );
    worker.postMessage({ id, image, baseline } satisfies CompareRequest);
  });
}

/**
 * The page as a person sees it once it has settled, as Playwright's toHaveScreenshot takes it: a
 * render that differs from its baseline is taken again (every 250 ms, for 5 s at most) until it
 * matches, so a late frame on a loaded machine (a re-render, a toast leaving) is not a change;
 * a render that still differs after that is the one compared and reported. `whole`: the page
 * whole (`showWhole`), not the window's first screen.
 */
async function settledScreenshot(
  page: Page,
  baselinePath: string | null,
  id: string,
  whole: boolean,
) {
  const still = await page.addStyleTag({ content: stillCss });
  const shoot = () => page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: whole });
  const storyWindowSize = page.viewportSize();
  try {
    if (whole) await showWhole(page);
    let image = await shoot();
    if (!baselinePath || !existsSync(baselinePath)) return { image, matched: false };
    const baseline = readFileSync(baselinePath);
    const started = Date.now();
    let matched = await matchesBaseline(image, baseline);
    while (!matched && Date.now() - started < settleMs) {
      await page.waitForTimeout(250);
      image = await shoot();
      matched = await matchesBaseline(image, baseline);
      if (matched) {
        console.warn(
          `visual: ${id} matched its baseline ${Date.now() - started} ms after a render that differed`,
        );
      }
    }
    return { image, matched };
  } finally {
    // The still style is removed right after the shot: the page is reused by the next story,
    // and timers built on CSS animations (react-toastify's auto-close) must keep their length.
    await still.evaluate((element) => element.remove());
    if (whole && storyWindowSize) await rollBack(page, storyWindowSize);
  }
}

/** The tallest page a whole-page picture is taken of, in CSS pixels (Chromium's limit is far). */
const wholePageMaxHeight = 8000;

/**
 * Unrolls the page's own scroller for the picture: a <main> that scrolls (the signed-in app is one
 * window high, `100dvh`, and scrolls inside its <main>), and the boxes around it, take the height
 * of what they hold, so that the document is as tall as the page; a column beside them that was
 * as high as the window (the menu) stretches with them. What a box inside filled (the clients
 * table took the window's height, the pending invites under it) then follows its content. The
 * boxes' own styles are kept to be put back (`rollBack`).
 */
function unrollPageScroller() {
  const scope = globalThis as unknown as { __wholePageStyles?: [HTMLElement, string][] };
  const unrolled: [HTMLElement, string][] = [];
  const set = (box: HTMLElement, property: string, value: string) => {
    unrolled.push([box, box.style.cssText]);
    box.style.setProperty(property, value, 'important');
  };
  for (const main of document.querySelectorAll('main')) {
    if (main.scrollHeight <= main.clientHeight + 1) continue;
    const path: HTMLElement[] = [];
    for (let box = main.parentElement; box && box !== document.body; box = box.parentElement) {
      path.push(box);
    }
    // The columns as high as their box, found before any box changes.
    const columns = [main, ...path].flatMap((box) =>
      [...(box.parentElement?.children ?? [])].filter(
        (other): other is HTMLElement =>
          other !== box &&
          other instanceof HTMLElement &&
          Math.abs(other.offsetHeight - box.offsetHeight) <= 1,
      ),
    );
    for (const box of [main, ...path]) {
      set(box, 'height', 'auto');
      set(box, 'max-height', 'none');
      set(box, 'overflow', 'visible');
      // Not stretched to its row's height either: a stretched box's height is definite, and a
      // box inside that fills it (`height: 100%`) would take the whole row again.
      set(box, 'align-self', 'flex-start');
    }
    for (const column of columns) set(column, 'height', 'auto');
  }
  scope.__wholePageStyles = [...(scope.__wholePageStyles ?? []), ...unrolled];
}

/**
 * What each scrolling box in the page holds below its fold, in px (the document's own overflow is
 * the full-page screenshot's: growing the window for it would grow what fills the window), by
 * a number given to the box for the picture's time (`__wholePageBoxes`, dropped after it).
 */
function hiddenBelow(page: Page): Promise<Record<number, number>> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as { __wholePageBoxes?: Map<Element, number> };
    scope.__wholePageBoxes ??= new Map();
    const numbers = scope.__wholePageBoxes;
    const hidden: Record<number, number> = {};
    for (const box of document.querySelectorAll('body *')) {
      if (!(box instanceof HTMLElement) || box.clientHeight === 0) continue;
      // A text field's own scroll is its content's, not the page's.
      if (box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement) continue;
      const { overflowY } = getComputedStyle(box);
      const scrolls = overflowY === 'auto' || overflowY === 'scroll';
      if (!scrolls || box.scrollHeight <= box.clientHeight + 1) continue;
      // Numbered once, in the order met: the same box keeps its number on each reading.
      const number = numbers.get(box) ?? numbers.size;
      numbers.set(box, number);
      hidden[number] = box.scrollHeight - box.clientHeight;
    }
    return hidden;
  });
}

/** The window resized, the page laid out again at its new size (two frames on). */
async function resizeWindow(page: Page, size: WindowSize) {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/**
 * Makes the window as tall as the story's page needs, so that nothing of it is left below a
 * scroll: the picture of the window is then the page whole. Playwright's `fullPage` screenshot
 * would not do alone: the signed-in app scrolls inside its <main>, so the document itself never
 * overflows. The page's scroller is unrolled (`unrollPageScroller`), then the window grows by what
 * the scrolling boxes still hold below their fold until none does (a panel as high as the window,
 * `position: sticky`), at the story's width (the app's text size follows the width alone). A box
 * whose hidden part does not shrink as the window grows (a message thread of a fixed height,
 * scrolled to its latest messages as a coach sees it) is left as it is. What the document still
 * holds below the window (the padding under such a panel) is in the picture: it is taken of the
 * whole document.
 */
async function showWhole(page: Page) {
  await page.evaluate(unrollPageScroller);
  let hidden = await hiddenBelow(page);
  let following = Object.keys(hidden).map(Number);
  for (let step = 0; step < 10; step += 1) {
    const most = Math.max(0, ...following.map((box) => hidden[box] ?? 0));
    const size = page.viewportSize();
    if (most <= 1 || !size || size.height >= wholePageMaxHeight) return;
    await resizeWindow(page, {
      width: size.width,
      height: Math.min(size.height + most, wholePageMaxHeight),
    });
    const now = await hiddenBelow(page);
    const shrunk = following.filter((box) => (now[box] ?? 0) < (hidden[box] ?? 0));
    // No box followed the window: the growth showed nothing more.
    if (shrunk.length === 0) {
      await resizeWindow(page, size);
      return;
    }
    following = shrunk;
    hidden = now;
  }
}

/** Puts the page back as its story left it: its window, its scroller, no box numbered. */
async function rollBack(page: Page, size: WindowSize) {
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      __wholePageStyles?: [HTMLElement, string][];
      __wholePageBoxes?: unknown;
    };
    for (const [box, style] of (scope.__wholePageStyles ?? []).reverse()) box.style.cssText = style;
    delete scope.__wholePageStyles;
    delete scope.__wholePageBoxes;
  });
  await page.setViewportSize(size);
}

type SnapshotOptions = {
  customSnapshotsDir: string;
  customSnapshotIdentifier: string;
  failureThreshold: number;
  failureThresholdType: 'percent' | 'pixel';
};
type SnapshotMatcherContext = {
  snapshotState: { _updateSnapshot: string; matched: number };
};

/**
 * jest-image-snapshot's check, without its cost when nothing changed: a render that already
 * matched its baseline while it settled (byte for byte, or within the same tolerance:
 * scripts/visualTolerance.ts holds jest-image-snapshot's settings) is counted as a matched
 * snapshot at once. Any other render (and every update run) goes through toMatchImageSnapshot:
 * decoded, compared pixel by pixel, same threshold, same diff output.
 */
function toMatchBaseline(
  this: SnapshotMatcherContext,
  { image, matched }: { image: Buffer; matched: boolean },
  options: SnapshotOptions,
) {
  const { snapshotState } = this;
  const { customSnapshotsDir: dir, customSnapshotIdentifier: id } = options;
  if (snapshotState._updateSnapshot !== 'all' && matched) {
    // As a passing comparison does: an earlier failure's diff image no longer applies.
    rmSync(`${dir}/__diff_output__/${id}-diff.png`, { force: true });
    snapshotState.matched += 1;
    return { pass: true, message: () => '' };
  }
  return toMatchImageSnapshot.call(this, image, options);
}

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown }[];
};

// Prints violations only: a passing story stays silent, a failing one says what and where.
const quietAxeReporter = {
  async report(violations: AxeViolation[]) {
    for (const violation of violations) {
      const targets = violation.nodes.map((node) => JSON.stringify(node.target)).join(', ');
      console.error(`axe ${violation.impact}: ${violation.id} (${violation.help}) at ${targets}`);
    }
  },
};

/**
 * The axe rules a story can never fail, as `{ id: { enabled: false } }`: a rule that declares its
 * impact gives every violation that impact, and only `failingImpacts` fail a story. Read from
 * axe-core's own rule table in the page (its impacts are not part of the public `getRules()`);
 * where that table is missing, every rule runs.
 */
function rulesThatCannotFail(failing: string[]): Record<string, { enabled: false }> {
  type Rule = { id: string; impact?: string | null };
  const audit = (window as unknown as { axe?: { _audit?: { rules?: Rule[] } } }).axe?._audit;
  return Object.fromEntries(
    (audit?.rules ?? [])
      .filter((rule) => typeof rule.impact === 'string' && !failing.includes(rule.impact))
      .map((rule) => [rule.id, { enabled: false }]),
  );
}
/** The impacts of the axe violations that fail a story. */
const failingImpacts = ['serious', 'critical'];
// Read once per test file, from the first page that has axe.
let quietRules: Record<string, { enabled: false }> | undefined;

type StoryParameters = {
  a11y?: { disable?: boolean; options?: { rules?: Record<string, unknown> } };
  /**
   * `false`: no picture; `{ fullPage: true }`: a picture of the page whole (the window as tall
   * as the page needs, `showWhole`), where the others are of the window, the first screen.
   */
  snapshot?: boolean | { fullPage?: boolean };
};

type StoryContext = {
  parameters?: StoryParameters & { viewport?: unknown };
  storyGlobals?: { viewport?: unknown };
};

/**
 * The story's context as the preview holds it, read as the test-runner's `getStoryContext` reads
 * it (its page script's `__getContext`), once the preview's story store is ready: a file's first
 * story can ask before the preview has read its index (on a loaded machine, 'Cannot access the
 * Story Store until the index is ready'). These hooks run in every story file's own module
 * registry, where importing the test-runner would evaluate its whole bundle again.
 */
function storyContext(page: Page, id: string): Promise<StoryContext> {
  return page.evaluate(async (storyId) => {
    const preview = globalThis as unknown as {
      __STORYBOOK_PREVIEW__?: { storeInitializationPromise?: Promise<void> };
      __getContext: (id: string) => Promise<StoryContext>;
    };
    await preview.__STORYBOOK_PREVIEW__?.storeInitializationPromise;
    const { parameters, storyGlobals } = await preview.__getContext(storyId);
    return { parameters, storyGlobals };
  }, id);
}

/** The test-runner's page size (test-runner-jest.config.js), the design window's. */
const designWindow: WindowSize = coachWindows.coachDesktop;

/** The window a story names with its `viewport` global (`windows.ts`), read from its context. */
async function storyWindow(page: Page, id: string): Promise<WindowSize | null> {
  const { storyGlobals, parameters } = await storyContext(page, id);
  return namedWindow(storyGlobals?.viewport ?? null, parameters?.viewport ?? null);
}

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot, toMatchBaseline });
  },
  async prepare({ page }) {
    // Storybook's highlight overlay (how the manager's accessibility panel points at an element)
    // is never shown here, yet once started it reads every element's computed style after each
    // change to the story's DOM: a run's pages go without it.
    await page.addInitScript(() => {
      Object.assign(globalThis, { __STORYBOOK_HIGHLIGHT_INITIALIZED: true });
    });
    // As the test-runner's own preparation does: the preview, loaded once per file.
    const targetUrl = process.env.TARGET_URL;
    await page.goto(new URL('iframe.html', targetUrl).toString(), { waitUntil: 'load' });
  },
  async preVisit(page, context) {
    // The page is the story's window: the viewport the story's own `viewport` global names (a
    // `viewportAt` story: an app screen at 1,024 or 1,920 px), the design window otherwise (the
    // project's initial viewport, which every other story opens at in Storybook). The
    // test-runner renders a file's stories in one page, so each story sets it, before it renders
    // (the app sizes its text by it).
    const { width, height } = (await storyWindow(page, context.id)) ?? designWindow;
    const current = page.viewportSize();
    if (current?.width !== width || current.height !== height) {
      await page.setViewportSize({ width, height });
    }
    // The test-runner renders a file's stories one after another in the same page: axe-core
    // (half a megabyte of script) is evaluated once per page, not once per story.
    if (!checksAccessibility) return;
    if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
    quietRules ??= await page.evaluate(rulesThatCannotFail, failingImpacts);
  },
  async postVisit(page, context) {
    // A story whose render or play failed is reported by that failure: its page is not checked
    // further, or a snapshot of the broken page would be the error reported in its place.
    if (context.hasFailure) return;
    const { parameters } = await storyContext(page, context.id);
    // The story's fonts are in. (No wait for Playwright's 'networkidle', as the test-runner's
    // waitForPageReady has: it comes once per document, so it either has come already or, once a
    // story has opened a live stream before the page was ever idle, never comes.)
    await page.evaluate(() => document.fonts.ready);

    // Accessibility: serious and critical violations fail the story. Portalled content
    // (dialogs, toasts) lives outside #storybook-root, so the whole body is checked.
    if (checksAccessibility && parameters?.a11y?.disable !== true) {
      const storyAxeOptions = parameters?.a11y?.options;
      await checkA11y(
        page,
        { include: [['body']], exclude: [['#storybook-docs']] },
        {
          includedImpacts: failingImpacts,
          // Only violations fail a story: the other result groups keep one node each, which spares
          // axe a selector for every passing node of a large screen (its documented speed-up).
          // The rules whose violations are never serious are not run: they cannot fail a story.
          axeOptions: {
            ...storyAxeOptions,
            rules: { ...quietRules, ...storyAxeOptions?.rules },
            resultTypes: ['violations'],
          },
        },
        false,
        quietAxeReporter,
      );
    }

    // Visual snapshot of the page as a person sees it, compared with the committed baseline
    // (unless the run takes none).
    if (parameters?.snapshot !== false && takesSnapshots) {
      await page.mouse.move(0, 0);
      // An update run (-u) takes the page as it is; a check waits for a differing render to settle.
      const { snapshotState } = expect.getState() as Partial<SnapshotMatcherContext>;
      const updating = snapshotState?._updateSnapshot === 'all';
      const baselinePath = updating ? null : `${snapshotsDir}/${context.id}.png`;
      const whole =
        typeof parameters?.snapshot === 'object' && parameters.snapshot.fullPage === true;
      const render = await settledScreenshot(page, baselinePath, context.id, whole);
      mkdirSync(rendersDir, { recursive: true });
      writeFileSync(`${rendersDir}/${context.id}.png`, render.image);
      if (render.matched) {
        mkdirSync(matchedDir, { recursive: true });
        writeFileSync(`${matchedDir}/${context.id}`, '');
      } else {
        rmSync(`${matchedDir}/${context.id}`, { force: true });
      }
      expect(render).toMatchBaseline({
        customSnapshotsDir: snapshotsDir,
        customSnapshotIdentifier: context.id,
        failureThreshold,
        failureThresholdType: 'percent',
      });
    }
  },
};

export default config;
