// A client's profile as it opened before issue 66 laid it out for acting (commit 0a3fe60: 14 of
// the client's calls) against the app as it is (3: the summary, the messages, the notes), in one
// run on one demo practice: the app of that commit is built from a `git worktree` of it (its own
// workspace packages, this checkout's dependencies) and served by a second product process (this
// checkout's server) on a copy of the same seeded data folder.
//
// For each version, alternated run by run, each run a fresh browser context that signs in:
// - a click on the demo client's row of My clients to the profile's first view painted: the
//   header (the h1 with the client's name), the figures (the header's engagement meter) and the
//   thread's newest message (the demo seed's), each stamped at the first animation frame after it
//   entered the document as `profile-open.ts` does; the figure is the click to the last of them,
//   and the API calls the page asked for from the click to that frame;
// - the sign-in click to the clients table painted (`first-load.ts`'s measure).
// Figures: the medians of PROFILE_FIRST_VIEW_RUNS (7) runs after one unmeasured run of each.
// PROFILE_FIRST_VIEW_BASE (0a3fe60) names the commit compared against.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.js';
import type { Bench, Figure } from '../scripts/figures.ts';
import { signInToTableMs, startProduct } from './first-load.ts';
import { median } from './productServer.ts';
import {
  clientName,
  type Opening,
  openProfile,
  type ProfileSection,
  seedPractice,
} from './profile-open.ts';

const root = resolve(import.meta.dirname, '..');
const runs = Math.max(1, Number(process.env.PROFILE_FIRST_VIEW_RUNS ?? 7));
const base = process.env.PROFILE_FIRST_VIEW_BASE ?? '0a3fe60';

/**
 * The app of `commit` built into a temporary folder: a worktree of the commit whose node_modules
 * are this checkout's but for the workspace packages (@coach/*), which are the worktree's, so
 * that the build reads the ui, api and domain of that commit. The worktree is removed at once.
 */
function buildAppOf(commit: string): string {
  const tree = mkdtempSync(join(tmpdir(), 'coach-bench-base-tree-'));
  const dist = mkdtempSync(join(tmpdir(), 'coach-bench-base-dist-'));
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], {
    cwd: root,
    stdio: 'ignore',
  });
  try {
    const modules = join(tree, 'node_modules');
    mkdirSync(join(modules, '@coach'), { recursive: true });
    for (const entry of readdirSync(join(root, 'node_modules'))) {
      if (entry !== '@coach') symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
    }
    for (const name of readdirSync(join(tree, 'packages'))) {
      symlinkSync(join(tree, 'packages', name), join(modules, '@coach', name));
    }
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir'],
      { cwd: join(tree, 'packages/app'), stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return dist;
  } catch (error) {
    rmSync(dist, { recursive: true, force: true });
    throw error;
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
  }
}

/** The header's engagement meter and the thread's newest message, besides the header itself. */
function firstViewSection(newestText: string): ProfileSection {
  return {
    bench: 'profile-first-view',
    target: [
      // The meter (a labelled group when the client has no hours yet), not its loading text.
      {
        selector: ':is([role="meter"], [role="group"])[aria-label="Engagement (48h)"]',
        text: '',
      },
      { selector: '[role="log"] article', text: newestText },
    ],
    targetCalls: /^\/api\/messaging\/clients\/[^/]+\/messages$/,
    targetName: 'figures and thread',
    runs,
  };
}

/** The click to the last of the first view's parts painted, and the calls asked for till then. */
function firstViewOf(opening: Opening) {
  const paintedMs = Math.max(opening.headerMs, opening.targetMs);
  return {
    paintedMs,
    calls: opening.calls.filter((call) => call.startMs <= paintedMs).map((call) => call.path),
  };
}

type Version = { url: string; firstViews: ReturnType<typeof firstViewOf>[]; signIns: number[] };

/** Medians of a version's runs. */
function mediansOf(version: Version) {
  return {
    firstViewMs: median(version.firstViews.map((view) => view.paintedMs)),
    calls: median(version.firstViews.map((view) => view.calls.length)),
    signInToTableMs: Math.round(median(version.signIns)),
  };
}

/** Seeds the practice, copies it for the base's product, builds the base's app, measures. */
async function runProfileFirstView() {
  const log = (message: string) => console.error(`profile-first-view: ${message}`);
  // The demo seed's thread as it is: its newest message is the one the thread must show.
  const practice = await seedPractice('profile-first-view', async (database, ids) => {
    const newest = await database.db.execute<{ text: string }>(sql`
      select text from messages where client_person_id = ${ids.client}
      order by sent_at desc limit 1`);
    const text = newest.rows[0]?.text;
    if (!text) throw new Error(`no messages in ${clientName}'s demo thread`);
    return { newestText: text.split('\n')[0]?.slice(0, 40) ?? text };
  });
  const baseData = mkdtempSync(join(tmpdir(), 'coach-bench-profile-first-view-base-'));
  try {
    cpSync(practice.dataDir, baseData, { recursive: true });
    log(`demo seeded in ${practice.seededSeconds} s; building the app of ${base}`);
    const baseDist = buildAppOf(base);
    try {
      return await measure(practice, baseData, baseDist);
    } finally {
      rmSync(baseDist, { recursive: true, force: true });
    }
  } finally {
    rmSync(practice.dataDir, { recursive: true, force: true });
    rmSync(baseData, { recursive: true, force: true });
  }
}

/** Both products started on their copies of the practice, Chromium, the alternated runs. */
async function measure(
  practice: { dataDir: string; clientId: string; filled: { newestText: string } },
  baseData: string,
  baseDist: string,
) {
  const log = (message: string) => console.error(`profile-first-view: ${message}`);
  const section = firstViewSection(practice.filled.newestText);
  const started = await Promise.allSettled([
    startProduct(practice.dataDir),
    startProduct(baseData, baseDist),
  ]);
  const products = started.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const failed = started.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const [current, before] = products.map(
      (product): Version => ({ url: product.url, firstViews: [], signIns: [] }),
    ) as [Version, Version];
    for (const version of [current, before]) {
      await openProfile(browser, version.url, practice.clientId, section);
    }
    for (let run = 0; run < runs; run += 1) {
      // Alternated, each first in turn: the machine's drift falls on both.
      for (const version of run % 2 === 0 ? [current, before] : [before, current]) {
        const { click } = await openProfile(browser, version.url, practice.clientId, section);
        version.firstViews.push(firstViewOf(click));
        version.signIns.push(await signInToTableMs(browser, version.url));
      }
      const last = (version: Version) =>
        `${version.firstViews.at(-1)?.paintedMs} ms (${version.firstViews.at(-1)?.calls.length} calls), sign-in ${Math.round(version.signIns.at(-1) ?? Number.NaN)} ms`;
      log(`run ${run + 1}: now ${last(current)}; ${base} ${last(before)}`);
    }
    return {
      base,
      runs,
      current: { ...mediansOf(current), runs: current },
      before: { ...mediansOf(before), runs: before },
    };
  } finally {
    await browser.close();
    for (const product of products) {
      const exited = new Promise((done) => product.child.once('exit', done));
      product.child.kill('SIGTERM');
      await exited;
    }
  }
}

export const profileFirstViewBench: Bench = {
  name: 'profile-first-view',
  title: `a client's profile opened from My clients, and the sign-in to the table, against the app of ${base} (PGlite, Chromium)`,
  async run() {
    const result = await runProfileFirstView();
    const note = `demo coach, ${clientName}, median of ${result.runs}`;
    const peer = (value: number) => ({ label: `the app of ${base}`, value });
    const figures: Figure[] = [
      {
        id: 'profile-first-view.click-to-first-view',
        label: "Click on a client's row to the profile's header, figures and thread painted",
        note,
        value: result.current.firstViewMs,
        unit: 'ms',
        better: 'lower',
        peer: peer(result.before.firstViewMs),
        goal: { kind: 'absolute', value: 300 },
      },
      {
        id: 'profile-first-view.calls',
        label: "API calls asked for from the click to the profile's first view painted",
        note,
        value: result.current.calls,
        unit: 'count',
        better: 'lower',
        peer: peer(result.before.calls),
        goal: { kind: 'ratio', ratio: 1 },
      },
      {
        id: 'profile-first-view.signin-to-table',
        label: 'Sign-in click to the clients table painted',
        note,
        value: result.current.signInToTableMs,
        unit: 'ms',
        better: 'lower',
        peer: peer(result.before.signInToTableMs),
        // No slower than before, within a shared machine's noise between alternated runs.
        goal: { kind: 'ratio', ratio: 1.1 },
      },
    ];
    return { figures, details: result };
  },
};
