// A long thread on a client's profile: the demo practice (the product as `npm start` runs it: the
// server serving the built app, an embedded PGlite database with the demo seed) with one client's
// thread of 5,000 messages, written straight into `messages` before the server starts (all read,
// one every 29 minutes, about 100 days, the newest a minute ago). The demo coach signs in in
// Chromium and opens that client's profile from the clients list (a click), then loads the
// profile's address again (a reload). Goal: the thread's newest message on screen at most 300 ms
// after the profile's header.
//
// Measured in the page, by a MutationObserver installed before each document loads: the header
// is the profile's heading (h1) holding the client's name, the thread the log (role 'log') holding
// the newest message's article. Each is stamped at the first animation frame after it entered the
// document (performance.now() in requestAnimationFrame: the frame that paints it begins), and the
// figure is the thread's stamp minus the header's, the median of the runs. Each run also records,
// for when the figure is over: the resource timings of the page's API calls (asked by the app,
// sent by the browser, first and last byte), and the long animation frames (over 50 ms: their
// scripts, by chunk and invoker, and their style and layout) up to the thread's frame. The gap
// then splits into the header's frame to the thread's answer (the network and the server) and the
// answer to the thread's frame (the page's main thread).
//
// One unmeasured run first (the server's and the browser's code warm), then BENCH_THREAD_RUNS (7)
// runs, each in a fresh browser context that signs in; BENCH_THREAD_MESSAGES (5000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { defaultOrganisationId } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/index.ts';
import { demoClient, demoCoach } from '../packages/server/src/seed/demo.ts';
import { seedDemo } from '../packages/simulator/src/demo/seedDemo.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.js';
import { startProduct } from './first-load.ts';
import type { Bench, Figure } from './harness.ts';
import { median } from './productServer.ts';

const runs = Math.max(1, Number(process.env.BENCH_THREAD_RUNS ?? 7));
const messageCount = Math.max(51, Number(process.env.BENCH_THREAD_MESSAGES ?? 5000));
const goalMs = 300;
/** The newest message's text: the one the thread must show. */
const newestText = 'Bench thread: the newest message';
const clientName = `${demoClient.firstName} ${demoClient.lastName}`;
const round = (value: number) => Math.round(value * 10) / 10;

function log(message: string) {
  console.error(`thread-open: ${message}`);
}

/**
 * The demo seed in a fresh data folder, then the client account's thread replaced by
 * `messageCount` messages: two of the client's to one of the coach's, of varied lengths.
 */
async function seedPractice() {
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-bench-thread-'));
  const database = await openDatabase({
    dataDir,
    databaseUrl: null,
    organisationId: defaultOrganisationId,
  });
  try {
    const started = performance.now();
    await seedDemo(database);
    const seededSeconds = (performance.now() - started) / 1000;
    const found = await database.db.execute<{ client: string; coach: string }>(sql`
      select p.id as client, p.coach_person_id as coach
      from persons p join users u on u.id = p.user_id
      where u.email = ${demoClient.email}`);
    const ids = found.rows[0];
    if (!ids?.coach) throw new Error(`no ${demoClient.email} with a coach in the demo seed`);
    await database.db.execute(sql`delete from messages where client_person_id = ${ids.client}`);
    await database.db.execute(sql`
      insert into messages
        (id, organisation_id, client_person_id, coach_person_id, author, text, sent_at, read_at)
      select gen_random_uuid(), ${database.organisationId}::uuid, ${ids.client}::uuid,
        ${ids.coach}::uuid,
        case when k % 3 = 0 then 'coach' else 'client' end,
        case when k = ${messageCount} then ${newestText}
          else 'Message ' || k || ': ' || repeat('so far so good ', 1 + (k * 7) % 12) end,
        now() - make_interval(mins => 1 + (${messageCount} - k) * 29),
        now() - make_interval(mins => (${messageCount} - k) * 29)
      from generate_series(1, ${messageCount}) k`);
    await database.db.execute(sql`analyze messages`);
    const counted = await database.db.execute<{ n: string }>(
      sql`select count(*)::text as n from messages where client_person_id = ${ids.client}`,
    );
    return {
      dataDir,
      clientId: ids.client,
      messages: Number(counted.rows[0]?.n ?? 0),
      seededSeconds: round(seededSeconds),
    };
  } finally {
    await database.close();
  }
}

/** A long animation frame as the page saw it (page clock, ms). */
type LongFrame = {
  start: number;
  duration: number;
  /** When the frame's style and layout began (0 when it rendered nothing). */
  styleAndLayoutStart: number;
  scripts: {
    invoker: string;
    source: string;
    duration: number;
    forcedStyleAndLayout: number;
  }[];
};

/** What the page records: see `installRecorder`. */
type Recorded = {
  clickedAt: number | null;
  headerInDom: number | null;
  headerFrame: number | null;
  threadInDom: number | null;
  threadFrame: number | null;
  longFrames: LongFrame[];
  api: { path: string; start: number; sent: number; firstByte: number; end: number }[];
};

/**
 * Installed before every document of the context: stamps the header and the thread (see the
 * file's head) on `window.threadTiming`, with the last click's time and the long animation
 * frames; marks the stamps on the performance timeline (for a trace).
 */
function installRecorder({ name, newest }: { name: string; newest: string }) {
  const recorded: Recorded = {
    clickedAt: null,
    headerInDom: null,
    headerFrame: null,
    threadInDom: null,
    threadFrame: null,
    longFrames: [],
    api: [],
  };
  (window as unknown as { threadTiming: Recorded }).threadTiming = recorded;
  document.addEventListener(
    'click',
    () => {
      recorded.clickedAt = performance.now();
    },
    { capture: true },
  );
  type FrameEntry = PerformanceEntry & {
    styleAndLayoutStart: number;
    scripts: (PerformanceEntry & {
      invoker: string;
      sourceURL: string;
      forcedStyleAndLayoutDuration: number;
    })[];
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as FrameEntry[]) {
      recorded.longFrames.push({
        start: entry.startTime,
        duration: entry.duration,
        styleAndLayoutStart: entry.styleAndLayoutStart,
        scripts: entry.scripts.map((script) => ({
          invoker: script.invoker,
          source: script.sourceURL.split('/').pop() ?? '',
          duration: script.duration,
          forcedStyleAndLayout: script.forcedStyleAndLayoutDuration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  const stamp = (key: 'header' | 'thread') => {
    recorded[`${key}InDom`] = performance.now();
    performance.mark(`thread-open:${key}-in-document`);
    requestAnimationFrame(() => {
      recorded[`${key}Frame`] = performance.now();
      performance.mark(`thread-open:${key}-frame`);
    });
  };
  const observer = new MutationObserver(() => {
    if (recorded.headerInDom === null && document.querySelector('h1')?.textContent === name) {
      stamp('header');
    }
    if (recorded.threadInDom === null) {
      const articles = document.querySelectorAll('[role="log"] article');
      if ([...articles].some((article) => article.textContent?.includes(newest))) stamp('thread');
    }
    if (recorded.headerInDom !== null && recorded.threadInDom !== null) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** The page's record once both are stamped, with its API calls since `since` (page clock). */
async function recorded(page: Page, since: number): Promise<Recorded> {
  await page.waitForFunction(
    () => {
      const timing = (window as unknown as { threadTiming?: Recorded }).threadTiming;
      return timing?.headerFrame != null && timing.threadFrame != null;
    },
    undefined,
    { timeout: 60_000 },
  );
  // The frames that painted them ended: their long-animation-frame entries are in.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  return page.evaluate((after) => {
    const timing = (window as unknown as { threadTiming: Recorded }).threadTiming;
    const api = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= after && entry.name.includes('/api/'))
      .map((entry) => {
        const resource = entry as PerformanceResourceTiming;
        return {
          path: new URL(resource.name).pathname,
          start: resource.startTime,
          sent: resource.requestStart,
          firstByte: resource.responseStart,
          end: resource.responseEnd,
        };
      });
    return { ...timing, api };
  }, since);
}

/**
 * An API call, from the click or the navigation's start: asked by the app, sent by the browser
 * (once a connection is free: six to a host, one of them the live stream's), first byte, end.
 */
type Call = { startMs: number; sentMs: number; firstByteMs: number; endMs: number };

type Opening = {
  /** The thread's frame minus the header's: the figure. */
  gapMs: number;
  /** From the click (or the navigation's start) to each frame. */
  headerMs: number;
  threadMs: number;
  /** The same gap by when each entered the document. */
  gapInDomMs: number;
  /** The header's frame to the thread's answer's end (the network and the server; < 0: before). */
  headerToThreadAnswerMs: number;
  /** The thread's answer's end to the thread's frame (the page's main thread). */
  threadAnswerToFrameMs: number;
  profileCall: Call | null;
  threadCall: Call | null;
  /** API calls the app asked for before the thread's. */
  callsBeforeThread: number;
  calls: (Call & { path: string })[];
  /** Long animation frames from the click or navigation to the thread's frame. */
  longFrames: {
    startMs: number;
    durationMs: number;
    styleAndLayoutMs: number;
    scripts: { invoker: string; source: string; durationMs: number; forcedLayoutMs: number }[];
  }[];
};

function openingOf(record: Recorded, from: number): Opening {
  const at = (value: number | null) => round((value ?? Number.NaN) - from);
  const callOf = (entry: Recorded['api'][number]): Call => ({
    startMs: at(entry.start),
    sentMs: at(entry.sent),
    firstByteMs: at(entry.firstByte),
    endMs: at(entry.end),
  });
  const find = (pattern: RegExp) => {
    const found = record.api.find((entry) => pattern.test(entry.path));
    return found ? callOf(found) : null;
  };
  const threadCall = find(/^\/api\/messaging\/clients\/[^/]+\/messages$/);
  const headerMs = at(record.headerFrame);
  const threadMs = at(record.threadFrame);
  const threadFrame = record.threadFrame ?? Number.POSITIVE_INFINITY;
  return {
    gapMs: round(threadMs - headerMs),
    headerMs,
    threadMs,
    gapInDomMs: round((record.threadInDom ?? Number.NaN) - (record.headerInDom ?? Number.NaN)),
    headerToThreadAnswerMs: round((threadCall?.endMs ?? Number.NaN) - headerMs),
    threadAnswerToFrameMs: round(threadMs - (threadCall?.endMs ?? Number.NaN)),
    profileCall: find(/^\/api\/analytics\/clients\/[^/]+\/profile$/),
    threadCall,
    callsBeforeThread: record.api.filter(
      (entry) => threadCall !== null && at(entry.start) < threadCall.startMs,
    ).length,
    calls: record.api.map((entry) => ({
      path: entry.path.replace(/[0-9a-f-]{36}/g, ':id'),
      ...callOf(entry),
    })),
    longFrames: record.longFrames
      .filter((frame) => frame.start + frame.duration >= from && frame.start <= threadFrame)
      .map((frame) => ({
        startMs: at(frame.start),
        durationMs: round(frame.duration),
        styleAndLayoutMs:
          frame.styleAndLayoutStart > 0
            ? round(frame.start + frame.duration - frame.styleAndLayoutStart)
            : 0,
        scripts: frame.scripts
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((script) => ({
            invoker: script.invoker,
            source: script.source,
            durationMs: round(script.duration),
            forcedLayoutMs: round(script.forcedStyleAndLayout),
          })),
      })),
  };
}

/**
 * Waits until the page has finished no request for half a second (the live event stream stays
 * open: the network is never idle).
 */
async function settled(page: Page) {
  let seen = -1;
  for (;;) {
    const finished = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (finished === seen) return;
    seen = finished;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One run: a fresh context signs in, opens the profile from the list, then loads it again. */
async function openThread(browser: Browser, url: string, clientId: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(installRecorder, { name: clientName, newest: newestText });
    await page.goto(url);
    await page.getByLabel('Email').fill(demoCoach.email);
    await page.getByLabel('Password', { exact: true }).fill(demoCoach.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const row = page
      .getByRole('table', { name: 'Clients' })
      .locator('tbody tr[data-kind="data"]', { hasText: clientName });
    await row.waitFor();
    // The list settled (its calls answered, the profile's code preloaded if the app does), as a
    // coach's is by the time they pick a client.
    await settled(page);
    const before = await page.evaluate(() => performance.now());
    await row.click();
    await page.waitForURL(`**/clients/${clientId}`);
    const clicked = await recorded(page, before);
    const click = openingOf(clicked, clicked.clickedAt ?? Number.NaN);
    await settled(page);
    await page.reload();
    const reloaded = await recorded(page, 0);
    return { click, reload: openingOf(reloaded, 0) };
  } finally {
    await context.close();
  }
}

/** The medians of the runs' openings, and the runs. */
function summary(openings: Opening[]) {
  const medianOf = (pick: (opening: Opening) => number | undefined) =>
    median(openings.map((opening) => pick(opening) ?? Number.NaN));
  // Where the script time of the long frames after the header's frame went, by chunk and
  // invoker, over every run (none when the two are painted in one frame).
  const scriptsBySource: Record<string, number> = {};
  for (const opening of openings) {
    for (const frame of opening.longFrames) {
      if (frame.startMs <= opening.headerMs) continue;
      for (const script of frame.scripts) {
        const key = `${script.source || '(no source)'} ${script.invoker}`;
        scriptsBySource[key] = round((scriptsBySource[key] ?? 0) + script.durationMs);
      }
    }
  }
  return {
    gapMs: medianOf((opening) => opening.gapMs),
    headerMs: medianOf((opening) => opening.headerMs),
    threadMs: medianOf((opening) => opening.threadMs),
    headerToThreadAnswerMs: medianOf((opening) => opening.headerToThreadAnswerMs),
    threadAnswerToFrameMs: medianOf((opening) => opening.threadAnswerToFrameMs),
    profileCallEndMs: medianOf((opening) => opening.profileCall?.endMs),
    threadCallStartMs: medianOf((opening) => opening.threadCall?.startMs),
    threadCallSentMs: medianOf((opening) => opening.threadCall?.sentMs),
    threadCallEndMs: medianOf((opening) => opening.threadCall?.endMs),
    longFrameScriptMsAfterHeader: Object.fromEntries(
      Object.entries(scriptsBySource).sort((a, b) => b[1] - a[1]),
    ),
    runs: openings,
  };
}

const described = (opening: Opening) =>
  `header ${opening.headerMs} ms, thread ${opening.threadMs} ms (${opening.gapMs} ms after; the thread's call asked ${opening.threadCall?.startMs}, sent ${opening.threadCall?.sentMs}, answered ${opening.threadCall?.endMs} ms)`;

export async function runThreadOpenBench() {
  const practice = await seedPractice();
  log(
    `demo seeded in ${practice.seededSeconds} s, ${practice.messages} messages in ${clientName}'s thread`,
  );
  const product = await startProduct(practice.dataDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const warmUp = await openThread(browser, product.url, practice.clientId);
    log(`warm-up: from the list, ${described(warmUp.click)}`);
    const clicks: Opening[] = [];
    const reloads: Opening[] = [];
    for (let run = 0; run < runs; run += 1) {
      const { click, reload } = await openThread(browser, product.url, practice.clientId);
      clicks.push(click);
      reloads.push(reload);
      log(`run ${run + 1}: from the list, ${described(click)}; reload, ${described(reload)}`);
    }
    return {
      messages: practice.messages,
      seededSeconds: practice.seededSeconds,
      runs,
      warmUp,
      fromList: summary(clicks),
      reload: summary(reloads),
    };
  } finally {
    await browser.close();
    const exited = new Promise((done) => product.child.once('exit', done));
    product.child.kill('SIGTERM');
    await exited;
    rmSync(practice.dataDir, { recursive: true, force: true });
  }
}

export const threadOpenBench: Bench = {
  name: 'thread-open',
  title: `a client's thread of ${messageCount.toLocaleString('en-US')} messages on the profile in Chromium, against the profile's header (PGlite)`,
  async run() {
    const result = await runThreadOpenBench();
    const note = (how: string) =>
      `demo coach, ${clientName}'s thread of ${result.messages.toLocaleString('en-US')} messages, ${how}, PGlite, median of ${runs}`;
    const fromList = note('the profile opened from the clients list');
    const figures: Figure[] = [
      {
        id: 'thread-open.thread-after-header-from-list',
        label: "The thread's newest message on screen after the profile's header",
        note: fromList,
        value: result.fromList.gapMs,
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'absolute', value: goalMs },
      },
      {
        id: 'thread-open.thread-after-header-reload',
        label: "The thread's newest message on screen after the profile's header",
        note: note("the profile's address loaded again (a reload)"),
        value: result.reload.gapMs,
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'absolute', value: goalMs },
      },
      {
        id: 'thread-open.header-from-list',
        label: "Click on the client's row to the profile's header on screen",
        note: fromList,
        value: result.fromList.headerMs,
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'none' },
      },
      {
        id: 'thread-open.thread-from-list',
        label: "Click on the client's row to the thread's newest message on screen",
        note: fromList,
        value: result.fromList.threadMs,
        unit: 'ms',
        better: 'lower',
        goal: { kind: 'none' },
      },
    ];
    return { figures, details: result };
  },
};
