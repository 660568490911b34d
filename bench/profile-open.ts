// What the benchmarks of a section of a client's profile share (`thread-open.ts`,
// `timeline-open.ts`): the demo practice (the product as `npm start` runs it: the server serving
// the built app, an embedded PGlite database with the demo seed) with the demo client's records
// written straight into the database before the server starts; the demo coach signs in in
// Chromium and opens that client's profile from the clients list (a click), then loads the
// profile's address again (a reload).
//
// Measured in the page, by a MutationObserver installed before each document loads: the header
// is the profile's heading (h1) holding the client's name, the target the section's entry holding
// a given text (the newest of the section). Each is stamped at the first animation frame after it
// entered the document (performance.now() in requestAnimationFrame: the frame that paints it
// begins), and the figure is the target's stamp minus the header's, the median of the runs. Each
// run also records, for when the figure is over: the resource timings of the page's API calls
// (asked by the app, sent by the browser, first and last byte), and the long animation frames
// (over 50 ms: their scripts, by chunk and invoker, and their style and layout) up to the target's
// frame. The gap then splits into the header's frame to the target's answer (the network and the
// server: the last to end of the calls the target waits for) and the answer to the target's frame
// (the page's main thread).
//
// One unmeasured run first (the server's and the browser's code warm), then `runs` runs, each in
// a fresh browser context that signs in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { defaultOrganisationId } from '../packages/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../packages/server/src/db/index.ts';
import { demoClient, demoCoach } from '../packages/server/src/seed/demo.ts';
import { seedDemo } from '../packages/simulator/src/demo/seedDemo.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.js';
import type { Bench, Figure } from '../scripts/figures.ts';
import { startProduct } from './first-load.ts';
import { median } from './productServer.ts';

export const clientName = `${demoClient.firstName} ${demoClient.lastName}`;
const round = (value: number) => Math.round(value * 10) / 10;

/** The demo client's and coach's person and user ids. */
export type DemoIds = { client: string; clientUser: string; coach: string; coachUser: string };

/** The demo seed in a fresh data folder, then the demo client's records as `fill` writes them. */
export async function seedPractice<Filled>(
  bench: string,
  fill: (database: DatabaseHandle, ids: DemoIds) => Promise<Filled>,
) {
  const dataDir = mkdtempSync(join(tmpdir(), `coach-bench-${bench}-`));
  const database = await openDatabase({
    dataDir,
    databaseUrl: null,
    organisationId: defaultOrganisationId,
  });
  try {
    const started = performance.now();
    await seedDemo(database);
    const seededSeconds = round((performance.now() - started) / 1000);
    const found = await database.db.execute<DemoIds>(sql`
      select p.id as client, p.user_id as "clientUser", p.coach_person_id as coach,
        c.user_id as "coachUser"
      from persons p join users u on u.id = p.user_id join persons c on c.id = p.coach_person_id
      where u.email = ${demoClient.email}`);
    const ids = found.rows[0];
    if (!ids) throw new Error(`no ${demoClient.email} with a coach in the demo seed`);
    return { dataDir, clientId: ids.client, seededSeconds, filled: await fill(database, ids) };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
}

/**
 * The demo client's thread replaced by `count` messages: two of the client's (all read) to one of
 * the coach's, of varied lengths, one every 29 minutes, the newest `newestMinutesAgo` minutes
 * before the insert and holding `newestText`.
 */
export async function writeThread(
  database: DatabaseHandle,
  ids: DemoIds,
  thread: { count: number; newestText: string; newestMinutesAgo: number },
) {
  const { count, newestText, newestMinutesAgo } = thread;
  await database.db.execute(sql`delete from messages where client_person_id = ${ids.client}`);
  await database.db.execute(sql`
    insert into messages
      (id, organisation_id, client_person_id, coach_person_id, author, text, sent_at, read_at)
    select gen_random_uuid(), ${database.organisationId}::uuid, ${ids.client}::uuid,
      ${ids.coach}::uuid,
      case when k % 3 = 0 then 'coach' else 'client' end,
      case when k = ${count} then ${newestText}
        else 'Message ' || k || ': ' || repeat('so far so good ', 1 + (k * 7) % 12) end,
      now() - make_interval(mins => ${newestMinutesAgo} + (${count} - k) * 29),
      now() - make_interval(mins => ${newestMinutesAgo - 1} + (${count} - k) * 29)
    from generate_series(1, ${count}) k`);
  await database.db.execute(sql`analyze messages`);
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
  targetInDom: number | null;
  targetFrame: number | null;
  longFrames: LongFrame[];
  api: { path: string; start: number; sent: number; firstByte: number; end: number }[];
};

/** The section's entry the benchmark waits for: an element of `selector` holding `text`. */
export type Target = { selector: string; text: string };

/**
 * Installed before every document of the context: stamps the header and the target (see the
 * file's head) on `window.profileTiming`, with the last click's time and the long animation
 * frames; marks the stamps on the performance timeline (for a trace). Runs in the page: nothing
 * from outside it.
 */
function installRecorder({ name, target }: { name: string; target: Target | Target[] }) {
  // Several targets: stamped once the last of them is in the document.
  const targets = Array.isArray(target) ? target : [target];
  const recorded: Recorded = {
    clickedAt: null,
    headerInDom: null,
    headerFrame: null,
    targetInDom: null,
    targetFrame: null,
    longFrames: [],
    api: [],
  };
  (window as unknown as { profileTiming: Recorded }).profileTiming = recorded;
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
  const stamp = (key: 'header' | 'target') => {
    recorded[`${key}InDom`] = performance.now();
    performance.mark(`profile-open:${key}-in-document`);
    requestAnimationFrame(() => {
      recorded[`${key}Frame`] = performance.now();
      performance.mark(`profile-open:${key}-frame`);
    });
  };
  const observer = new MutationObserver(() => {
    if (recorded.headerInDom === null && document.querySelector('h1')?.textContent === name) {
      stamp('header');
    }
    const isIn = ({ selector, text }: Target) =>
      [...document.querySelectorAll(selector)].some((entry) => entry.textContent?.includes(text));
    if (recorded.targetInDom === null && targets.every(isIn)) stamp('target');
    if (recorded.headerInDom !== null && recorded.targetInDom !== null) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** The page's record once both are stamped, with its API calls since `since` (page clock). */
async function recorded(page: Page, since: number): Promise<Recorded> {
  await page.waitForFunction(
    () => {
      const timing = (window as unknown as { profileTiming?: Recorded }).profileTiming;
      return timing?.headerFrame != null && timing.targetFrame != null;
    },
    undefined,
    { timeout: 60_000 },
  );
  // The frames that painted them ended: their long-animation-frame entries are in.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  return page.evaluate((after) => {
    const timing = (window as unknown as { profileTiming: Recorded }).profileTiming;
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

export type Opening = {
  /** The target's frame minus the header's: the figure. */
  gapMs: number;
  /** From the click (or the navigation's start) to each frame. */
  headerMs: number;
  targetMs: number;
  /** The same gap by when each entered the document. */
  gapInDomMs: number;
  /** The header's frame to the target's answer's end (the network and the server; < 0: before). */
  headerToTargetAnswerMs: number;
  /** The target's answer's end to the target's frame (the page's main thread). */
  targetAnswerToFrameMs: number;
  profileCall: Call | null;
  /** The target's answer: the last to end of its calls before its frame. */
  targetCall: (Call & { path: string }) | null;
  /** API calls the app asked for before the first of the target's. */
  callsBeforeTarget: number;
  calls: (Call & { path: string })[];
  /** Long animation frames from the click or navigation to the target's frame. */
  longFrames: {
    startMs: number;
    durationMs: number;
    styleAndLayoutMs: number;
    scripts: { invoker: string; source: string; durationMs: number; forcedLayoutMs: number }[];
  }[];
};

function openingOf(record: Recorded, from: number, targetCalls: RegExp): Opening {
  const at = (value: number | null) => round((value ?? Number.NaN) - from);
  const callOf = (entry: Recorded['api'][number]) => ({
    path: entry.path.replace(/[0-9a-f-]{36}/g, ':id'),
    startMs: at(entry.start),
    sentMs: at(entry.sent),
    firstByteMs: at(entry.firstByte),
    endMs: at(entry.end),
  });
  const profileEntry = record.api.find((entry) =>
    /^\/api\/analytics\/clients\/[^/]+\/profile$/.test(entry.path),
  );
  const targetFrame = record.targetFrame ?? Number.POSITIVE_INFINITY;
  const targetEntries = record.api.filter(
    (entry) => targetCalls.test(entry.path) && entry.start <= targetFrame,
  );
  const lastEntry = targetEntries.reduce<(typeof targetEntries)[number] | null>(
    (last, entry) => (last === null || entry.end > last.end ? entry : last),
    null,
  );
  const firstStart =
    targetEntries.length > 0
      ? Math.min(...targetEntries.map((entry) => entry.start))
      : Number.NEGATIVE_INFINITY;
  const targetCall = lastEntry ? callOf(lastEntry) : null;
  const headerMs = at(record.headerFrame);
  const targetMs = at(record.targetFrame);
  return {
    gapMs: round(targetMs - headerMs),
    headerMs,
    targetMs,
    gapInDomMs: round((record.targetInDom ?? Number.NaN) - (record.headerInDom ?? Number.NaN)),
    headerToTargetAnswerMs: round((targetCall?.endMs ?? Number.NaN) - headerMs),
    targetAnswerToFrameMs: round(targetMs - (targetCall?.endMs ?? Number.NaN)),
    profileCall: profileEntry ? callOf(profileEntry) : null,
    targetCall,
    callsBeforeTarget: record.api.filter((entry) => entry.start < firstStart).length,
    calls: record.api.map(callOf),
    longFrames: record.longFrames
      .filter((frame) => frame.start + frame.duration >= from && frame.start <= targetFrame)
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

/** What a benchmark of a profile's section waits for. */
export type ProfileSection = {
  /** The benchmark's name, in the log and the data folder's. */
  bench: string;
  /** The section's newest entry (or entries: the last of them in). */
  target: Target | Target[];
  /** The paths of the API calls the target waits for. */
  targetCalls: RegExp;
  /** What the log calls the target: 'thread'. */
  targetName: string;
  runs: number;
};

/** One run: a fresh context signs in, opens the profile from the list, then loads it again. */
export async function openProfile(
  browser: Browser,
  url: string,
  clientId: string,
  section: ProfileSection,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(installRecorder, { name: clientName, target: section.target });
    await page.goto(url);
    await page.getByLabel('Email').fill(demoCoach.email);
    await page.getByLabel('Password', { exact: true }).fill(demoCoach.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
    const click = openingOf(clicked, clicked.clickedAt ?? Number.NaN, section.targetCalls);
    await settled(page);
    await page.reload();
    const reloaded = await recorded(page, 0);
    return { click, reload: openingOf(reloaded, 0, section.targetCalls) };
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
    targetMs: medianOf((opening) => opening.targetMs),
    headerToTargetAnswerMs: medianOf((opening) => opening.headerToTargetAnswerMs),
    targetAnswerToFrameMs: medianOf((opening) => opening.targetAnswerToFrameMs),
    profileCallEndMs: medianOf((opening) => opening.profileCall?.endMs),
    targetCallStartMs: medianOf((opening) => opening.targetCall?.startMs),
    targetCallSentMs: medianOf((opening) => opening.targetCall?.sentMs),
    targetCallEndMs: medianOf((opening) => opening.targetCall?.endMs),
    longFrameScriptMsAfterHeader: Object.fromEntries(
      Object.entries(scriptsBySource).sort((a, b) => b[1] - a[1]),
    ),
    runs: openings,
  };
}

/**
 * Seeds the practice (`fill` writes the demo client's records), starts the product and Chromium,
 * and measures one warm-up and `section.runs` openings from the list and reloads.
 */
async function runProfileOpen<Filled>(
  section: ProfileSection,
  fill: (database: DatabaseHandle, ids: DemoIds) => Promise<Filled>,
) {
  const log = (message: string) => console.error(`${section.bench}: ${message}`);
  const described = (opening: Opening) =>
    `header ${opening.headerMs} ms, ${section.targetName} ${opening.targetMs} ms (${opening.gapMs} ms after; its last call ${opening.targetCall?.path} asked ${opening.targetCall?.startMs}, sent ${opening.targetCall?.sentMs}, answered ${opening.targetCall?.endMs} ms)`;
  const practice = await seedPractice(section.bench, fill);
  log(`demo seeded in ${practice.seededSeconds} s, ${JSON.stringify(practice.filled)}`);
  try {
    const product = await startProduct(practice.dataDir);
    try {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      try {
        const warmUp = await openProfile(browser, product.url, practice.clientId, section);
        log(`warm-up: from the list, ${described(warmUp.click)}`);
        const clicks: Opening[] = [];
        const reloads: Opening[] = [];
        for (let run = 0; run < section.runs; run += 1) {
          const { click, reload } = await openProfile(
            browser,
            product.url,
            practice.clientId,
            section,
          );
          clicks.push(click);
          reloads.push(reload);
          log(`run ${run + 1}: from the list, ${described(click)}; reload, ${described(reload)}`);
        }
        return {
          ...practice.filled,
          seededSeconds: practice.seededSeconds,
          runs: section.runs,
          warmUp,
          fromList: summary(clicks),
          reload: summary(reloads),
        };
      } finally {
        await browser.close();
      }
    } finally {
      const exited = new Promise((done) => product.child.once('exit', done));
      product.child.kill('SIGTERM');
      await exited;
    }
  } finally {
    rmSync(practice.dataDir, { recursive: true, force: true });
  }
}

/** The words of a profile section's figures. */
type Words = {
  /** The figures' ids' start: 'thread-open.thread'. */
  id: string;
  /** The target in the labels: "The thread's newest message". */
  target: string;
  /** The practice in the notes: "demo coach, Daniel Moreau's thread of 5,000 messages". */
  practice: string;
  goalMs: number;
};

/**
 * The target after the header from the list and on a reload (goal: at most `goalMs`), and the
 * click to each from the list.
 */
function profileOpenFigures(
  result: Awaited<ReturnType<typeof runProfileOpen>>,
  words: Words,
): Figure[] {
  const note = (how: string) => `${words.practice}, ${how}, PGlite, median of ${result.runs}`;
  const fromList = note('the profile opened from the clients list');
  const after = `${words.target} on screen after the profile's header`;
  return [
    {
      id: `${words.id}-after-header-from-list`,
      label: after,
      note: fromList,
      value: result.fromList.gapMs,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'absolute', value: words.goalMs },
    },
    {
      id: `${words.id}-after-header-reload`,
      label: after,
      note: note("the profile's address loaded again (a reload)"),
      value: result.reload.gapMs,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'absolute', value: words.goalMs },
    },
    {
      id: `${words.id.split('.')[0]}.header-from-list`,
      label: "Click on the client's row to the profile's header on screen",
      note: fromList,
      value: result.fromList.headerMs,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'none' },
    },
    {
      id: `${words.id}-from-list`,
      label: `Click on the client's row to ${words.target.replace(/^The /, 'the ')} on screen`,
      note: fromList,
      value: result.fromList.targetMs,
      unit: 'ms',
      better: 'lower',
      goal: { kind: 'none' },
    },
  ];
}

/**
 * The benchmark of a profile's section: `fill` writes the demo client's records, `words` says the
 * figures given what was measured (with what `fill` answered).
 */
export function profileOpenBench<Filled>(bench: {
  title: string;
  section: ProfileSection;
  fill: (database: DatabaseHandle, ids: DemoIds) => Promise<Filled>;
  words: (result: Filled & { runs: number }) => Words;
}): Bench {
  return {
    name: bench.section.bench,
    title: bench.title,
    async run() {
      const result = await runProfileOpen(bench.section, bench.fill);
      return { figures: profileOpenFigures(result, bench.words(result)), details: result };
    },
  };
}
