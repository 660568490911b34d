// The Docs pages as designers open them: every Docs entry of the static Storybook's index opens
// in Debian's chromium and must render without an uncaught error, a console error, Storybook's
// error display, a story that takes no room (a 0-px preview) or a page that scrolls by itself
// while the story frames of its first screen play. Run by scripts/test-storybook.sh after the
// stories (a run of all story files):
//   node --test --test-reporter=spec scripts/storybookDocs.ts   (STORYBOOK_URL, the served build)
// Each page opens in a browser context of its own, SB_DOCS_PAGES of them at once (default 3),
// the pages with the most stories first so that no long page starts last. The page's CSS
// animations and transitions are paused from its start: a screen's loading placeholders pulse
// forever, and dozens of them repainting every frame made a Docs page CPU-bound for seconds.
// (The test-runner's mark in the user agent pauses them too, but only after each story renders,
// with two style changes that restyle and lay out the whole page: on a Docs page of 15 stories,
// a second of CPU that grows with every story shown.) Stories served
// by MSW show in frames of their own on their Docs page (stories/app/withCoachApi.tsx): the page
// must show each frame with a story of its own component, and the stories' run tests what is in it.
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.js';

const url = process.env.STORYBOOK_URL ?? 'http://127.0.0.1:6007';
const pagesAtOnce = Number(process.env.SB_DOCS_PAGES ?? 3);

type IndexEntry = { id: string; type: 'docs' | 'story'; title: string };

const index = (await (await fetch(`${url}/index.json`)).json()) as {
  entries: Record<string, IndexEntry>;
};
const entries = Object.values(index.entries);
const storiesOf = (title: string) =>
  entries.filter((entry) => entry.type === 'story' && entry.title === title).length;
const docsPages = entries
  .filter((entry) => entry.type === 'docs')
  .sort((a, b) => storiesOf(b.title) - storiesOf(a.title));

/**
 * Console errors a page may print without being broken: the browser's own line for an HTTP error
 * answer, which the failure stories ask their mocks for on purpose.
 */
const expectedConsoleErrors = [/^Failed to load resource: the server responded with a status of/];

/** How a story frame's console errors begin (they are left to the stories' run). */
const frameErrorMark = '[story frame]';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});
after(async () => {
  await browser.close();
});

describe('Docs pages', { concurrency: pagesAtOnce }, () => {
  for (const entry of docsPages) {
    test(`${entry.title} Docs renders without an error`, { timeout: 90_000 }, async () => {
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
        // Every CSS animation and transition of the page is paused from its start, so that
        // Storybook finds none running once a story has rendered.
        document.addEventListener('DOMContentLoaded', () => {
          const still = document.createElement('style');
          still.textContent = `*, *::before, *::after {
            animation-play-state: paused !important;
            transition: none !important;
          }`;
          document.head.append(still);
        });
        const events: string[] = [];
        Object.assign(window, { docsEvents: events });
        // A story frame's own errors are the stories' run to judge (see below): they are marked
        // as the frame's, and left out here.
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
