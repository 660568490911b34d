// The Docs pages as designers open them: every Docs entry of the static Storybook's index opens
// in Debian's chromium and must render without an uncaught error, a console error, Storybook's
// error display, a story that takes no room (a 0-px preview) or a page that scrolls by itself
// while the story frames of its first screen play; then the check scrolls down to every story
// frame, and each frame's story must render and play without a failure (what the Interactions
// panel would show as FAIL). Run by scripts/test-storybook.sh after the stories (a run of all
// story files):
//   node --test --test-reporter=spec scripts/storybookDocs.ts   (STORYBOOK_URL, the served build)
// SB_DOCS_TITLES (a comma-separated list of title prefixes, 'UI/Button,Foundations') opens only
// the pages under them: a check of the pages one change touched.
// Each page opens in a browser context of its own, SB_DOCS_PAGES of them at once (default 2: with
// 3 on two cores, a slow machine left frames of 3 of 57 pages over their 20 s wait, their stories
// fine in the stories' run), the pages with the most stories first so that no long page starts
// last. The page's CSS
// animations and transitions are paused from its start: a screen's loading placeholders pulse
// forever, and dozens of them repainting every frame made a Docs page CPU-bound for seconds.
// (The test-runner's mark in the user agent pauses them too, but only after each story renders,
// with two style changes that restyle and lay out the whole page: on a Docs page of 15 stories,
// a second of CPU that grows with every story shown.) Stories served
// by MSW show in frames of their own on their Docs page (stories/app/withCoachApi.tsx): the page
// must show each frame with a story of its own component, and each must play there as it does in
// the stories' run (which also checks what is in it: accessibility, the visual snapshot).
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.js';

const url = process.env.STORYBOOK_URL ?? 'http://127.0.0.1:6007';
const pagesAtOnce = Number(process.env.SB_DOCS_PAGES ?? 2);

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
 * mocked 500 logs one on purpose); a frame fails by its story's failure events (framesPlayed).
 */
const frameErrorMark = '[story frame]';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});
after(async () => {
  await browser.close();
});

/** The Storybook events that end a story's render in its frame, with or without a failure. */
const endOfStory = /^(storyRendered|storyErrored|storyThrewException|playFunctionThrewException)/;
const storyFailure = /^(storyErrored|storyThrewException|playFunctionThrewException)/;
/**
 * The longest one frame may take once scrolled to: its turn waits for the frames before it
 * (`takeDocsFrameTurn`, at most 20 s each), then it renders and plays.
 */
const frameMs = 60_000;

/** A failure event as a line: its name and its error's message (colours and stack left out). */
function described(event: string): string {
  const [name = '', ...rest] = event.split(' ');
  let message = rest.join(' ');
  try {
    const detail = JSON.parse(message) as { message?: string; title?: string } | null;
    message = detail?.message ?? detail?.title ?? message;
  } catch {}
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
  return `${name}: ${message.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 300)}`;
}

/**
 * Scrolls each story frame of the Docs page into view, in the page's order, and waits for its
 * story to end its render and play; answers one line for each frame that failed (its story's id
 * and Storybook's failure event) or never ended.
 */
async function framesPlayed(page: Page): Promise<string[]> {
  const failures: string[] = [];
  const frames = page.locator('.docs-story iframe');
  const count = await frames.count();
  for (let index = 0; index < count; index += 1) {
    const element = frames.nth(index);
    await element.scrollIntoViewIfNeeded();
    const storyId = new URL((await element.getAttribute('src')) ?? '', url).searchParams.get('id');
    const started = Date.now();
    let events: string[] = [];
    // Read from Node, again and again: the frame navigates to its story after it is attached,
    // which would end a wait inside it.
    while (!events.some((event) => endOfStory.test(event)) && Date.now() - started < frameMs) {
      await page.waitForTimeout(200);
      const frame = await (await element.elementHandle())?.contentFrame();
      events =
        (await frame
          ?.evaluate(() => (window as { docsEvents?: string[] }).docsEvents ?? [])
          .catch(() => [])) ?? [];
    }
    const failed = new Set(events.filter((event) => storyFailure.test(event)).map(described));
    if (failed.size > 0) {
      failures.push(...[...failed].map((failure) => `in the frame of ${storyId}: ${failure}`));
    } else if (!events.some((event) => endOfStory.test(event))) {
      failures.push(`in the frame of ${storyId}: no render within ${frameMs / 1000} s`);
    }
  }
  return failures;
}

describe('Docs pages', { concurrency: pagesAtOnce }, () => {
  for (const entry of docsPages) {
    // A page of frames takes as long as its frames, one after another (see framesPlayed).
    const timeout = 90_000 + storiesOf(entry.title) * frameMs;
    test(`${entry.title} Docs renders without an error`, { timeout }, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (text.startsWith(frameErrorMark)) return;
        if (!expectedConsoleErrors.some((expected) => expected.test(text))) {
          errors.push(`console: ${text}`);
        }
      });
      // Storybook's channel says when the page and each story in it has rendered, or failed to.
      await page.addInitScript((mark) => {
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
        const events: string[] = [];
        Object.assign(window, { docsEvents: events });
        // A story frame's console errors are the stories' run to judge: they are marked as the
        // frame's, and left out here (its story's failure events are read by framesPlayed).
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
        ];
        const hook = setInterval(() => {
          const channel = (
            window as { __STORYBOOK_ADDONS_CHANNEL__?: { on(...a: unknown[]): void } }
          ).__STORYBOOK_ADDONS_CHANNEL__;
          if (!channel) return;
          clearInterval(hook);
          for (const name of names) {
            channel.on(name, (detail: unknown) => events.push(`${name} ${JSON.stringify(detail)}`));
          }
        }, 5);
      }, frameErrorMark);
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
        // The story frames in the first screen have played (a play focuses a field, opens a
        // dialog) before the page is judged: it must not have moved for them.
        const viewport = page.viewportSize()?.height ?? 0;
        for (const frame of await page.locator('.docs-story iframe').elementHandles()) {
          const box = await frame.boundingBox();
          if (!box || box.y >= viewport) continue;
          const content = await frame.contentFrame();
          await content
            ?.waitForFunction(
              () =>
                ((window as { docsEvents?: string[] }).docsEvents ?? []).some((event) =>
                  /^(storyRendered|storyErrored|storyThrewException|playFunctionThrewException)/.test(
                    event,
                  ),
                ),
              undefined,
              { timeout: 30_000 },
            )
            // A frame still waiting its turn is judged by the stories' run; the page, by what
            // the frames that played did to it.
            .catch(() => {});
        }
        const scrolls = await page.evaluate(
          () => (window as { docsScrolls?: number[] }).docsScrolls ?? [],
        );
        // The page opens at its top; a scroll put back within the same task is no move.
        const moved = scrolls.filter((top) => top !== 0);
        if (moved.length > 0) errors.push(`the page moved by itself to ${moved.join(', ')} px`);
        // Then every story frame, as a reader scrolling down the page meets it: each loads when
        // scrolled to and must render and play in its frame without a failure.
        errors.push(...(await framesPlayed(page)));
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
      } finally {
        await page.close();
      }
    });
  }
});

describe('a Docs page of stories served by MSW', () => {
  test('shows each story with its own data', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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
      await page.close();
    }
  });
});
