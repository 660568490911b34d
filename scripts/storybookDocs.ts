// The Docs pages as designers open them: every Docs entry of the static Storybook's index opens
// in Debian's chromium and must render without an uncaught error, a console error, Storybook's
// error display, a story that takes no room (a 0-px preview), a frame showing another component's
// story, or a page that scrolls by itself while the story frames of its first screen play; those
// frames' stories must render and play without a failure (what the Interactions panel would show
// as FAIL). A frame below the first screen is checked as the page holds it (its story, its room):
// what is in it is the story's own page, which the stories' run loads, plays and checks (the play,
// accessibility, the visual snapshot), so this check's browser stops loading it. Run by scripts/test-storybook.sh after the stories (a run of
// all story files):
//   node --test --test-reporter=spec scripts/storybookDocs.ts   (STORYBOOK_URL, the served build)
// SB_DOCS_TITLES (a comma-separated list of title prefixes, 'UI/Button,Foundations') opens only
// the pages under them: a check of the pages one change touched.
// The pages open in one browser context, in browser pages kept from one Docs page to the next
// (`DocsTabs`), SB_DOCS_PAGES of them at once (default 2: with
// 3 on two cores, a slow machine left frames of 3 of 57 pages over their 20 s wait, their stories
// fine in the stories' run), the pages with the most stories first so that no long page starts
// last. The page's CSS
// animations and transitions are paused from its start: a screen's loading placeholders pulse
// forever, and dozens of them repainting every frame made a Docs page CPU-bound for seconds.
// (The test-runner's mark in the user agent pauses them too, but only after each story renders,
// with two style changes that restyle and lay out the whole page: on a Docs page of 15 stories,
// a second of CPU that grows with every story shown.) Stories served
// by MSW show in frames of their own on their Docs page (stories/app/withCoachApi.tsx): the page
// must show each frame with a story of its own component.
// The check's browser reads the build through a proxy that makes its files cacheable
// (`cacheableBuild`): the pages and their frames share one fetch of the preview. Each frame hands
// its Storybook events to the check as they happen (`FrameEvents`); a frame that never ends is
// reported with the last render phase it reached, and SB_DOCS_TIMES=1 prints every frame's phases
// with the second each began (where a page's time goes). Decisions 105, 106, 115 and 117.
import { strict as assert } from 'node:assert';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type ElementHandle,
  type Frame,
  type Page,
} from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.js';

const served = process.env.STORYBOOK_URL ?? 'http://127.0.0.1:6007';
const pagesAtOnce = Number(process.env.SB_DOCS_PAGES ?? 2);

/**
 * The served build, with its files cacheable for this check's browser. Its server answers
 * `no-store` (scripts/test-storybook.sh: no run may see an earlier build's files), so each story
 * frame of a Docs page fetched and compiled the whole preview again, some 160 files: the frames
 * of one page now share them. The build does not change while the check runs.
 */
async function cacheableBuild(origin: string): Promise<{ url: string; close(): void }> {
  const proxy = createServer((request, answer) => {
    const upstream = httpRequest(
      `${origin}${request.url}`,
      { method: request.method, headers: request.headers },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, {
          ...response.headers,
          'cache-control': 'max-age=3600',
        });
        response.pipe(answer);
      },
    );
    upstream.on('error', () => answer.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      proxy.closeAllConnections();
      proxy.close();
    },
  };
}
const checkStarted = Date.now();
const build = await cacheableBuild(served);
const url = build.url;

type IndexEntry = { id: string; type: 'docs' | 'story'; title: string };

const index = (await (await fetch(`${url}/index.json`)).json()) as {
  entries: Record<string, IndexEntry>;
};
const entries = Object.values(index.entries);
const storiesOf = (title: string) =>
  entries.filter((entry) => entry.type === 'story' && entry.title === title).length;
const titlePrefixes = (process.env.SB_DOCS_TITLES ?? '')
  .split(',')
  .map((prefix) => prefix.trim())
  .filter(Boolean);
const docsPages = entries
  .filter((entry) => entry.type === 'docs')
  .filter(
    (entry) =>
      titlePrefixes.length === 0 || titlePrefixes.some((prefix) => entry.title.startsWith(prefix)),
  )
  .sort((a, b) => storiesOf(b.title) - storiesOf(a.title));
// A filter that names no page, or a build with none, is a mistake: no check passes by opening
// nothing.
if (docsPages.length === 0) {
  throw new Error(`No Docs page in ${url}/index.json is under '${titlePrefixes.join(', ')}'`);
}

/**
 * Console errors a page may print without being broken: the browser's own lines for an HTTP error
 * answer and for a failed request, which the failure stories ask their mocks for on purpose.
 */
const expectedConsoleErrors = [
  /^Failed to load resource: the server responded with a status of/,
  // The network failure stories' mocks answer with a network error (a request that never gets an
  // answer), in their frames.
  /^Failed to load resource: net::ERR_FAILED$/,
];

/**
 * How a story frame's console errors begin: they are left to the stories' run (a failure story's
 * mocked 500 logs one on purpose); a frame fails by its story's failure events (firstScreenPlayed).
 */
const frameErrorMark = '[story frame]';

let browser: Browser;
/**
 * The one context every page of the check opens in: they share its cache, so the preview's script
 * is fetched and compiled once for the run, not once per page (decision 115). A page's own state
 * is its own still: each story sets its own mocks, clock and storage, as in the stories' run.
 */
let context: BrowserContext;
before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const anchorStory = entries.find((entry) => entry.type === 'story');
  if (!anchorStory) throw new Error(`No story in ${url}/index.json`);
  // A story page kept open while the check runs (closed with the browser), so MSW's service
  // worker always has a client. The worker unregisters itself when the last page it controls
  // closes (mockServiceWorker.js, 'CLIENT_CLOSE'), and pages not yet controlled do not count: in
  // one shared context, a page closing could unregister it under the frames of the page that
  // opened beside it, whose start of MSW then waited for a worker that had gone (a frame left in
  // its loading phase for 60 s).
  const mswAnchor = await context.newPage();
  await mswAnchor.goto(`${url}/iframe.html?viewMode=story&id=${anchorStory.id}`);
  await mswAnchor.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: frameMs,
  });
});
after(async () => {
  await browser.close();
  build.close();
});

/** The Storybook events that end a story's render in its frame, with or without a failure. */
const endOfStory = /^(storyRendered|storyErrored|storyThrewException|playFunctionThrewException)/;
/** A story's failure: what the Interactions panel shows as FAIL, or an error while it played. */
const storyFailure =
  /^(storyErrored|storyThrewException|playFunctionThrewException|unhandledErrorsWhilePlaying)/;
/**
 * The longest one frame of the first screen may take: its turn begins when the frame before it
 * has ended (`takeDocsFrameTurn`; one that never ends keeps it at most as long), then it renders
 * and plays.
 */
const frameMs = 60_000;

/** A failure event as a line: its name and its error's first lines (colours and stack left out). */
function described(event: string): string {
  const [name = '', ...rest] = event.split(' ');
  let message = rest.join(' ');
  try {
    const detail = JSON.parse(message) as
      | { message?: string; title?: string }
      | { message?: string }[]
      | null;
    const first = Array.isArray(detail) ? detail[0] : detail;
    message = first?.message ?? (first as { title?: string } | null)?.title ?? message;
  } catch {}
  // Testing Library's messages go on with the whole document after a blank line.
  const [lead = ''] = message.split('\n\n');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
  return `${name}: ${lead.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 300)}`;
}

/**
 * The Storybook events of a Docs page's story frames, each frame's own, as its init script hands
 * them to the check by a binding the moment they happen: no asking a frame again and again, whose
 * answer waits for a renderer busy with the page's other frames (seconds on a loaded machine).
 * Kept by frame, not by story id: a page shows its first story twice.
 */
class FrameEvents {
  private readonly byFrame = new Map<Frame, { at: number; event: string }[]>();
  private readonly waiting = new Set<() => void>();

  add(frame: Frame, event: string): void {
    const events = this.byFrame.get(frame) ?? [];
    events.push({ at: Date.now(), event });
    this.byFrame.set(frame, events);
    for (const wake of this.waiting) wake();
  }

  of(frame: Frame): string[] {
    return (this.byFrame.get(frame) ?? []).map(({ event }) => event);
  }

  /** The frame's render phases and when each began (SB_DOCS_TIMES), in s since the check began. */
  phasesOf(frame: Frame): string {
    return (this.byFrame.get(frame) ?? [])
      .filter(({ event }) => event.startsWith('phase '))
      .map(({ at, event }) => `${event.slice(6)}@${((at - checkStarted) / 1000).toFixed(1)}`)
      .join(' ');
  }

  /** Waits up to `ms` for the frame's story to end its render and play: answers whether it did. */
  async ended(frame: Frame, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.of(frame).some((event) => endOfStory.test(event))) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((wake) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(done);
          wake();
        };
        const timer = setTimeout(done, left);
        this.waiting.add(done);
      });
    }
    return true;
  }
}

/** The frame an iframe element holds, once it has one (a lazy frame gets it near the viewport). */
async function frameOf(element: ElementHandle, ms: number): Promise<Frame | null> {
  const deadline = Date.now() + ms;
  let frame = await element.contentFrame();
  while (!frame && Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 100));
    frame = await element.contentFrame();
  }
  return frame;
}

/**
 * Waits for the story of each frame in the Docs page's first screen, in the page's order, to end
 * its render and play; answers one line for each frame that failed (its story's id and
 * Storybook's failure event) or never ended (with the last render phase it reached). The frames
 * below are the stories' run's to play and judge: it loads the same story pages.
 */
async function firstScreenPlayed(page: Page, frameEvents: FrameEvents): Promise<string[]> {
  const failures: string[] = [];
  const viewport = page.viewportSize()?.height ?? 0;
  for (const element of await page.locator('.docs-story iframe').elementHandles()) {
    const box = await element.boundingBox();
    if (!box || box.y >= viewport) continue;
    const asked = Date.now();
    const src = (await element.getAttribute('src')) ?? '';
    const storyId = new URL(src, url).searchParams.get('id') ?? '';
    const frame = await frameOf(element, frameMs);
    const ended = frame ? await frameEvents.ended(frame, frameMs - (Date.now() - asked)) : false;
    const events = frame ? frameEvents.of(frame) : [];
    if (process.env.SB_DOCS_TIMES && frame) {
      const since = (at: number) => ((at - checkStarted) / 1000).toFixed(1);
      console.log(
        `${storyId}: asked@${since(asked)} seen@${since(Date.now())} ${frameEvents.phasesOf(frame)}`,
      );
    }
    const failed = new Set(events.filter((event) => storyFailure.test(event)).map(described));
    if (failed.size > 0) {
      failures.push(...[...failed].map((failure) => `in the frame of ${storyId}: ${failure}`));
    } else if (!ended) {
      const phase = events.findLast((event) => event.startsWith('phase '))?.slice(6) ?? 'none';
      failures.push(
        `in the frame of ${storyId}: no render within ${frameMs / 1000} s (its last phase: ${phase})`,
      );
    }
  }
  return failures;
}

/**
 * How long a closing page's frames have at most to answer what MSW's worker handed them: it posts
 * each request at once, and a started MSW answers in milliseconds.
 */
const mswReleaseMs = 250;

/**
 * Lets MSW's service worker go from a page's frames, before the page closes or goes on to another
 * Docs page. The worker hands a
 * request of a frame whose MSW has not started yet (its preview's own scripts) to another started
 * client of the context, with no time limit (mockServiceWorker.js, `resolveMainClient`): a client
 * on a page that closes leaves it unanswered, and the frame that asked never starts its story
 * (seen in CI: 'no render within 60 s (its last phase: none)'). MSW says goodbye on `pagehide`,
 * which Playwright's close does not run and a navigation runs without waiting for the worker; so
 * each preview of the page says it ('CLIENT_CLOSE': the worker hands it nothing more) and stays
 * until the worker's 'CLIENT_CLOSED', which comes once the requests handed to it are answered, or
 * for {@link mswReleaseMs} (the worker waits for the client's own requests too, and a live
 * stream's never ends).
 */
async function releaseMsw(page: Page) {
  // Only the previews the page loaded: a lazy frame that never loaded has no document to run in.
  const previews = page.frames().filter((frame) => {
    const { pathname } = new URL(frame.url() || 'about:blank', url);
    return pathname.endsWith('/iframe.html');
  });
  const release = (frame: Frame) =>
    frame.evaluate(
      (waitMs) =>
        new Promise<void>((released) => {
          const worker = navigator.serviceWorker;
          if (!worker?.controller) return released();
          worker.addEventListener('message', (event) => {
            if ((event.data as { type?: string } | null)?.type === 'CLIENT_CLOSED') released();
          });
          worker.controller.postMessage('CLIENT_CLOSE');
          setTimeout(released, waitMs);
        }),
      mswReleaseMs,
    );
  // A frame busy past the bound (a play under way) goes with the page all the same.
  await Promise.all(
    previews.map((frame) =>
      Promise.race([release(frame), delay(4 * mswReleaseMs)]).catch(() => undefined),
    ),
  );
}

/** What a visit to one Docs page collects: its errors and its story frames' events. */
type Visit = { errors: string[]; frameEvents: FrameEvents };

/**
 * The check's browser pages (tabs), each kept from one Docs page to the next (decision 117): a
 * new page started a renderer afresh and compiled the preview's script again, 1.2 CPU-s of the
 * 3 a simple Docs page took; a page that goes on to the next Docs page by a navigation keeps its
 * renderer and its compiled code. What a page collects is the current visit's; the init script,
 * the listeners and the binding are set once per page. A page whose visit failed is closed, not
 * kept, so that nothing it held meets the next page (as the stories' run does, decision 114).
 */
class DocsTabs {
  private readonly idle: Page[] = [];
  private readonly visits = new Map<Page, Visit>();

  /** A page for a new visit: a kept one, or a new one set up to watch its Docs pages. */
  async open(): Promise<{ page: Page; visit: Visit }> {
    const page = this.idle.pop() ?? (await this.newTab());
    const visit: Visit = { errors: [], frameEvents: new FrameEvents() };
    this.visits.set(page, visit);
    return { page, visit };
  }

  /**
   * Ends the page's visit once its frames have let MSW go: the page goes blank and is kept for
   * the next visit if `keep` (and the blank page loads), and is closed otherwise.
   */
  async leave(page: Page, keep: boolean): Promise<void> {
    await releaseMsw(page);
    this.visits.delete(page);
    if (keep) {
      try {
        await page.goto('about:blank');
        this.idle.push(page);
        return;
      } catch {}
    }
    await page.close().catch(() => undefined);
  }

  private async newTab(): Promise<Page> {
    const page = await context.newPage();
    const errors = () => this.visits.get(page)?.errors;
    page.on('pageerror', (error) => errors()?.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (text.startsWith(frameErrorMark)) return;
      if (!expectedConsoleErrors.some((expected) => expected.test(text))) {
        errors()?.push(`console: ${text}`);
      }
    });
    await page.exposeBinding('docsFrameEvent', ({ frame }, event: string) =>
      this.visits.get(page)?.frameEvents.add(frame, event),
    );
    await page.addInitScript(watchStorybook, frameErrorMark);
    return page;
  }
}
const tabs = new DocsTabs();

/**
 * The init script of every document of a check's page: the Docs page and its story frames (a
 * blank page between two visits aside). It runs in the page, so it names nothing of this file but
 * its argument, `mark`, {@link frameErrorMark}. Storybook's channel says when the page and each
 * story in it has rendered, or failed to.
 */
function watchStorybook(mark: string) {
  if (location.protocol === 'about:') return;
  // Every CSS animation and transition of the Docs page is paused from its start, so that
  // Storybook finds none running once a story has rendered. Not in its story frames: their
  // plays wait for a dialog or a toast to show and a toast's time to run out, as a reader
  // sees them (paused, a dialog stays at its first, transparent frame).
  document.addEventListener('DOMContentLoaded', () => {
    if (window !== window.top) return;
    const still = document.createElement('style');
    still.textContent = `*, *::before, *::after {
        animation-play-state: paused !important;
        transition: none !important;
      }`;
    document.head.append(still);
  });
  // A story frame below the page's first screen, which the browser loads ahead of a
  // reader's scroll (a lazy frame near the viewport), stops loading: what is in it is the
  // stories' run's, and this check does not wait for it. The frames in the first screen
  // render and play, as a reader opening the page sees them: the page must not move for
  // them.
  if (window !== window.top && window.frameElement) {
    const parent = window.parent;
    if (window.frameElement.getBoundingClientRect().top + parent.scrollY >= parent.innerHeight) {
      window.stop();
      return;
    }
  }
  const events: string[] = [];
  Object.assign(window, { docsEvents: events });
  // A story frame hands each event to the check as it happens (`FrameEvents`).
  const record = (event: string) => {
    events.push(event);
    if (window === window.top) return;
    (window as { docsFrameEvent?: (event: string) => void }).docsFrameEvent?.(event);
  };
  // A story frame's console errors are the stories' run to judge: they are marked as the
  // frame's, and left out here (its story's failure events are read by firstScreenPlayed).
  if (window !== window.top) {
    const report = console.error.bind(console);
    console.error = (...args: unknown[]) => report(mark, ...args);
  }
  // Nothing scrolls the Docs page in this check: any scroll is the page moving by itself.
  if (window === window.top) {
    const scrolls: number[] = [];
    Object.assign(window, { docsScrolls: scrolls });
    window.addEventListener('scroll', () => scrolls.push(Math.round(window.scrollY)), {
      passive: true,
    });
  }
  const names = [
    'docsRendered',
    'storyRendered',
    'storyErrored',
    'storyThrewException',
    'playFunctionThrewException',
    'unhandledErrorsWhilePlaying',
  ];
  const hook = setInterval(() => {
    const channel = (window as { __STORYBOOK_ADDONS_CHANNEL__?: { on(...a: unknown[]): void } })
      .__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) return;
    clearInterval(hook);
    for (const name of names) {
      channel.on(name, (detail: unknown) => record(`${name} ${JSON.stringify(detail)}`));
    }
    // Where a frame's story is (a frame that never ends says which phase it stopped in).
    channel.on('storyRenderPhaseChanged', (detail: { newPhase?: string } | undefined) =>
      record(`phase ${detail?.newPhase}`),
    );
  }, 5);
}

describe('Docs pages', { concurrency: pagesAtOnce }, () => {
  for (const entry of docsPages) {
    // A page takes as long as the frames of its first screen, one after another (see
    // firstScreenPlayed): a few at most, bounded here by the page's stories.
    const timeout = 90_000 + Math.min(storiesOf(entry.title), 4) * frameMs;
    test(`${entry.title} Docs renders without an error`, { timeout }, async () => {
      const { page, visit } = await tabs.open();
      const { errors, frameEvents } = visit;
      let passed = false;
      try {
        await page.goto(`${url}/iframe.html?viewMode=docs&id=${entry.id}`);
        // Done when the page has rendered and as many stories as it shows have, or on an error.
        await page.waitForFunction(
          () => {
            const events = (window as { docsEvents?: string[] }).docsEvents ?? [];
            if (document.body.classList.contains('sb-show-errordisplay')) return true;
            if (events.some((event) => /^story(Errored|ThrewException)/.test(event))) return true;
            if (!events.some((event) => event.startsWith('docsRendered'))) return false;
            // A story in a frame of its own (`docs.story.inline: false`) is the story's page
            // as the stories' run renders and tests it; the Docs page must show its frame.
            const inline = [...document.querySelectorAll('.docs-story')].filter(
              (story) => !story.querySelector('iframe'),
            ).length;
            const rendered = events.filter((event) => event.startsWith('storyRendered')).length;
            return rendered >= inline;
          },
          undefined,
          { timeout: 60_000 },
        );
        // Inline stories' requests settle before the page is judged. Frames are left alone: the
        // stories' run judges what is in them, and a live stream keeps their network busy.
        if ((await page.locator('.docs-story iframe').count()) === 0) {
          await page.waitForLoadState('networkidle');
        }
        // The story frames in the first screen render and play (a play focuses a field, opens a
        // dialog) before the page is judged: each without a failure, and the page must not have
        // moved for them.
        errors.push(...(await firstScreenPlayed(page, frameEvents)));
        const scrolls = await page.evaluate(
          () => (window as { docsScrolls?: number[] }).docsScrolls ?? [],
        );
        // The page opens at its top; a scroll put back within the same task is no move.
        const moved = scrolls.filter((top) => top !== 0);
        if (moved.length > 0) errors.push(`the page moved by itself to ${moved.join(', ')} px`);
        const failures = await page.evaluate(() =>
          ((window as { docsEvents?: string[] }).docsEvents ?? []).filter((event) =>
            /^story(Errored|ThrewException)/.test(event),
          ),
        );
        errors.push(...failures);
        const display = await page.evaluate(() =>
          document.body.classList.contains('sb-show-errordisplay')
            ? (document.querySelector('#error-message')?.textContent ?? 'error display')
            : null,
        );
        if (display) errors.push(`error display: ${display}`);
        // Each frame shows one story of this page's component, by its id.
        const frames = await page
          .locator('.docs-story iframe')
          .evaluateAll((elements) => elements.map((element) => element.getAttribute('src') ?? ''));
        for (const src of frames) {
          const storyId = new URL(src, url).searchParams.get('id') ?? '';
          if (!storyId.startsWith(entry.id.replace(/--docs$/, '--'))) {
            errors.push(`a frame shows ${storyId || src}`);
          }
        }
        // Every story shows: a story whose content takes no room (a fixed overlay in an inline
        // preview) leaves a 0-px preview, a blank where the story should be.
        const blank = await page.locator('.docs-story').evaluateAll((stories) =>
          stories
            .map((story) => story.querySelector('iframe') ?? story.querySelector('[id^="story--"]'))
            .filter((content) => !content || content.getBoundingClientRect().height < 1)
            .map((content) => content?.id.replace(/^story--/, '') ?? 'a preview with no story'),
        );
        for (const storyId of blank) errors.push(`a 0-px preview: ${storyId}`);
        const openDialogs = await page.locator('[role="dialog"]:visible').count();
        if (openDialogs > 0) errors.push(`${openDialogs} dialogs open over the page`);
        assert.deepEqual(errors, []);
        passed = true;
      } finally {
        await tabs.leave(page, passed);
      }
    });
  }
});

describe('a Docs page of stories served by MSW', () => {
  test('shows each story with its own data', { timeout: 90_000 }, async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${url}/iframe.html?viewMode=docs&id=app-screens-clients--docs`);
      const countOf = async (storyId: string) => {
        const frame = page.locator(`#anchor--app-screens-clients--${storyId} iframe`);
        await frame.scrollIntoViewIfNeeded();
        const count = frame.contentFrame().getByText(/^\d+ of \d+ clients$/);
        await count.waitFor({ timeout: 30_000 });
        return count.textContent();
      };
      assert.equal(await countOf('three-clients'), '3 of 3 clients');
      assert.equal(await countOf('forty-clients'), '40 of 40 clients');
    } finally {
      // A page of its own, without the check's init script (which stops the frames below the
      // first screen, and this test scrolls to one).
      await releaseMsw(page);
      await page.close();
    }
  });
});
