// How many visual baselines the stories have, by window width and language, and how many of them
// are of the whole page (`snapshot: { fullPage: true }`) rather than its first screen:
//   node scripts/baselineCounts.ts [built Storybook folder, default storybook-static]
// Each story's width and language are read as the test runner reads them: its `viewport` global
// names the window (`.storybook/windows.ts`, the design window's 1,280 px when it names none), its
// `locale` global the language. The stories' globals and parameters are the preview's own
// (`__STORYBOOK_PREVIEW__.extract()` in Debian's chromium, over the built Storybook served here):
// the same merge of meta, story and project annotations the test runner's page sees. A baseline
// is a PNG in stories/__image_snapshots__ named by a story's id; PNGs no story names are counted
// apart (left by a renamed or removed story).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { coachWindows, namedWindow } from '../.storybook/windows.ts';
import { chromiumArgs, chromiumPath } from './chromium.js';

/** What decides a story's baseline: its window's width, its language, whole page or first screen. */
export type StoryCapture = {
  id: string;
  width: number;
  language: string;
  whole: boolean;
  /** Whether the test runner takes its picture (`snapshot: false` turns it off). */
  snapshot: boolean;
};

/** A story as the preview holds it: the fields of its context the test runner reads. */
export type PreviewStory = {
  id: string;
  viewportGlobal: unknown;
  viewportParameter: unknown;
  locale: unknown;
  snapshotParameter: unknown;
};

/** The width, language and kind of picture the test runner gives the story. */
export function captureOf(story: PreviewStory): StoryCapture {
  const window = namedWindow(story.viewportGlobal, story.viewportParameter);
  const snapshot = story.snapshotParameter;
  return {
    id: story.id,
    width: window?.width ?? coachWindows.coachDesktop.width,
    language: typeof story.locale === 'string' ? story.locale : 'en-US',
    whole:
      typeof snapshot === 'object' &&
      snapshot !== null &&
      (snapshot as { fullPage?: unknown }).fullPage === true,
    snapshot: snapshot !== false,
  };
}

/** The baselines counted: per width and language, first screens and whole pages apart. */
export type BaselineCounts = {
  cells: Map<string, { width: number; language: string; firstScreen: number; whole: number }>;
  total: number;
  /** PNGs that no story with a picture names. */
  orphans: string[];
};

/** Counts the stories' baselines: a story counts when it takes a picture and its PNG exists. */
export function countBaselines(stories: StoryCapture[], baselineIds: Set<string>): BaselineCounts {
  const cells: BaselineCounts['cells'] = new Map();
  const named = new Set<string>();
  for (const story of stories) {
    if (!story.snapshot || !baselineIds.has(story.id)) continue;
    named.add(story.id);
    const key = `${story.width} ${story.language}`;
    const cell = cells.get(key) ?? {
      width: story.width,
      language: story.language,
      firstScreen: 0,
      whole: 0,
    };
    if (story.whole) cell.whole += 1;
    else cell.firstScreen += 1;
    cells.set(key, cell);
  }
  const orphans = [...baselineIds].filter((id) => !named.has(id)).sort();
  return { cells, total: named.size, orphans };
}

/** The counts as a Markdown table: a row per width, a column per language (first screen + whole). */
export function baselineTable({ cells, total, orphans }: BaselineCounts): string {
  const all = [...cells.values()];
  const widths = [...new Set(all.map((cell) => cell.width))].sort((a, b) => a - b);
  const languages = [...new Set(all.map((cell) => cell.language))].sort();
  const at = (width: number, language: string) => cells.get(`${width} ${language}`);
  const figure = (firstScreen: number, whole: number) =>
    `${firstScreen + whole} (${firstScreen} + ${whole})`;
  const sum = (list: (ReturnType<typeof at> | undefined)[]) => {
    const firstScreen = list.reduce((count, cell) => count + (cell?.firstScreen ?? 0), 0);
    const whole = list.reduce((count, cell) => count + (cell?.whole ?? 0), 0);
    return figure(firstScreen, whole);
  };
  const lines = [
    `| width | ${languages.join(' | ')} | all |`,
    `| ---: | ${languages.map(() => '---:').join(' | ')} | ---: |`,
    ...widths.map(
      (width) =>
        `| ${width} | ${languages.map((language) => sum([at(width, language)])).join(' | ')} | ${sum(languages.map((language) => at(width, language)))} |`,
    ),
    `| all | ${languages.map((language) => sum(widths.map((width) => at(width, language)))).join(' | ')} | ${sum(all)} |`,
    '',
    `Each cell: baselines (first screens + whole pages). ${total} baselines of stories; ${orphans.length} PNGs no story names${orphans.length ? `: ${orphans.join(', ')}` : ''}.`,
  ];
  return lines.join('\n');
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Serves a built Storybook's folder on a free local port; resolves to its address. */
function serve(folder: string) {
  const server = createServer((request, response) => {
    const path = join(folder, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!path.startsWith(folder) || !existsSync(path) || !statSync(path).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(path));
  });
  return new Promise<{ url: string; close: () => void }>((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/** Every story of the built Storybook, as its preview holds it. */
async function previewStories(folder: string): Promise<PreviewStory[]> {
  const server = await serve(folder);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/iframe.html`, { waitUntil: 'load' });
    return await page.evaluate(async () => {
      type Extracted = Record<
        string,
        { id: string; globals?: Record<string, unknown>; parameters?: Record<string, unknown> }
      >;
      const preview = globalThis as unknown as {
        __STORYBOOK_PREVIEW__: { ready: () => Promise<void>; extract: () => Promise<Extracted> };
      };
      await preview.__STORYBOOK_PREVIEW__.ready();
      const stories = await preview.__STORYBOOK_PREVIEW__.extract();
      return Object.values(stories).map((story) => ({
        id: story.id,
        viewportGlobal: story.globals?.viewport ?? null,
        viewportParameter: story.parameters?.viewport ?? null,
        locale: story.globals?.locale ?? null,
        snapshotParameter: story.parameters?.snapshot ?? null,
      }));
    });
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '..');
  const folder = resolve(process.argv[2] ?? join(root, 'storybook-static'));
  if (!existsSync(join(folder, 'iframe.html'))) {
    throw new Error(`${folder} holds no built Storybook (npx storybook build -o ${folder})`);
  }
  const baselineIds = new Set(
    readdirSync(join(root, 'stories/__image_snapshots__'))
      .filter((name) => name.endsWith('.png'))
      .map((name) => name.slice(0, -'.png'.length)),
  );
  const stories = (await previewStories(folder)).map(captureOf);
  console.log(baselineTable(countBaselines(stories, baselineIds)));
}
