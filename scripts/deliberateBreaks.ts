// Proof that the tests still catch what they should (issue 67): applies each deliberate break of
// scripts/deliberateBreaks.list.ts to the working tree, one at a time, runs its command, expects it
// to fail, and puts the file back. It edits sources: run it in a clone of its own, never in a
// checkout others test in (docs/developing.md).
//   node scripts/deliberateBreaks.ts               every break
//   node scripts/deliberateBreaks.ts --only a,b    those breaks
//   node scripts/deliberateBreaks.ts --list        the list, each search string checked, nothing run
// Writes test-results/deliberate-breaks.json (and each run's output under
// test-results/deliberate-breaks/); exits 1 when a break not marked as a gap is not caught, when
// a command fails unbroken (its breaks would prove nothing) or when a file was not put back.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeliberateBreak, deliberateBreaks } from './deliberateBreaks.list.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputFolder = join(root, 'test-results', 'deliberate-breaks');
const reportFile = join(root, 'test-results', 'deliberate-breaks.json');
/** A command still running after this long is stopped (a hang under a break counts as caught). */
const commandTimeoutMs = 15 * 60_000;

type Outcome = {
  id: string;
  what: string;
  file: string;
  command: string;
  expected: 'caught' | 'gap';
  caught: boolean;
  exitCode: number | null;
  timedOut: boolean;
  seconds: number;
  gapNote?: string;
};

type Baseline = { command: string; passed: boolean; exitCode: number | null; seconds: number };

function fail(message: string): never {
  console.error(`deliberateBreaks: ${message}`);
  process.exit(2);
}

function parseArguments(argv: string[]): { only: Set<string> | null; listOnly: boolean } {
  let only: Set<string> | null = null;
  let listOnly = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--list') listOnly = true;
    else if (argument === '--only') {
      const ids = argv[index + 1];
      if (!ids) fail('--only needs a list of ids: --only a,b');
      only = new Set(ids.split(',').filter(Boolean));
      index += 1;
    } else fail(`unknown argument '${argument}' (use --only <id,...> or --list)`);
  }
  return { only, listOnly };
}

function occurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) count += 1;
  return count;
}

/** The breaks to run; stops the run on an unknown id, a duplicate id or a search not found once. */
function selectedBreaks(only: Set<string> | null): DeliberateBreak[] {
  const ids = new Set<string>();
  for (const entry of deliberateBreaks) {
    if (ids.has(entry.id)) fail(`the id '${entry.id}' is in the list twice`);
    ids.add(entry.id);
  }
  for (const id of only ?? []) if (!ids.has(id)) fail(`no break has the id '${id}'`);
  const chosen = deliberateBreaks.filter((entry) => !only || only.has(entry.id));
  const problems = chosen.flatMap((entry) => {
    const count = occurrences(readFileSync(join(root, entry.file), 'utf8'), entry.search);
    return count === 1
      ? []
      : [`${entry.id}: its search string is found ${count} times in ${entry.file}`];
  });
  if (problems.length > 0)
    fail(`the list no longer matches the sources:\n  ${problems.join('\n  ')}`);
  return chosen;
}

/** Refuses to run over uncommitted changes of a file it would edit (never mixed with work). */
function requireCleanFiles(files: string[]): void {
  const status = execFileSync('git', ['status', '--porcelain', '--', ...files], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  if (status) {
    fail(
      `uncommitted changes in files the breaks edit; commit them or run in a clean clone:\n${status}`,
    );
  }
}

let running: ChildProcess | null = null;
/** The file a break holds, and its text to put back (restored on exit, Ctrl+C and SIGTERM). */
let held: { file: string; original: Buffer } | null = null;

function restoreHeld(): void {
  if (!held) return;
  writeFileSync(join(root, held.file), held.original);
  held = null;
}

function stop(signal: NodeJS.Signals): void {
  if (running?.pid) {
    try {
      process.kill(-running.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  restoreHeld();
  console.error(`\ndeliberateBreaks: stopped by ${signal}; the broken file is put back`);
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

/** Runs `command` in bash from the root, its output to `logName`; resolves with its exit code. */
function run(
  command: string,
  logName: string,
): Promise<{ exitCode: number | null; timedOut: boolean; seconds: number }> {
  const started = performance.now();
  const log = join(outputFolder, `${logName}.log`);
  writeFileSync(log, `$ ${command}\n`);
  return new Promise((resolve) => {
    // A group of its own, so that a stop ends the command's children too (vitest workers, servers).
    const child = spawn('bash', ['-c', `${command} >> '${log}' 2>&1`], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        COACH_SKIP_POSTGRES: '1',
        SB_OUT: process.env.SB_OUT ?? join(root, 'test-results', 'deliberate-breaks-storybook'),
        SB_PORT: process.env.SB_PORT ?? '6437',
      },
    });
    running = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, commandTimeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      running = null;
      resolve({ exitCode: code, timedOut, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Runs one break: the file broken, the command run, the file put back and checked. */
async function runBreak(entry: DeliberateBreak): Promise<Outcome> {
  const path = join(root, entry.file);
  const original = readFileSync(path);
  held = { file: entry.file, original };
  let result: Awaited<ReturnType<typeof run>>;
  try {
    writeFileSync(
      path,
      original.toString('utf8').replace(entry.search, () => entry.replace),
    );
    result = await run(entry.command, entry.id);
  } finally {
    restoreHeld();
  }
  try {
    execFileSync('git', ['diff', '--quiet', '--', entry.file], { cwd: root });
  } catch {
    fail(`${entry.file} is not back as committed after '${entry.id}': look at \`git diff\``);
  }
  return {
    id: entry.id,
    what: entry.what,
    file: entry.file,
    command: entry.command,
    expected: entry.expected ?? 'caught',
    caught: result.exitCode !== 0,
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    seconds: Math.round(result.seconds),
    ...(entry.gapNote ? { gapNote: entry.gapNote } : {}),
  };
}

function printTable(outcomes: Outcome[]): void {
  const rows = outcomes.map((outcome) => [
    outcome.id,
    outcome.caught
      ? outcome.timedOut
        ? 'yes (timeout)'
        : 'yes'
      : outcome.expected === 'gap'
        ? 'no (gap)'
        : 'NO',
    String(outcome.seconds),
    outcome.command,
  ]);
  const header = ['id', 'caught', 'seconds', 'command'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(`\n${line(header)}`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const { only, listOnly } = parseArguments(process.argv.slice(2));
  const chosen = selectedBreaks(only);
  if (listOnly) {
    for (const entry of chosen) {
      const mark = entry.expected === 'gap' ? ' [gap]' : '';
      console.log(`${entry.id}${mark}: ${entry.what}\n  ${entry.file}\n  ${entry.command}`);
    }
    console.log(`\n${chosen.length} breaks, each search string found once`);
    return;
  }
  requireCleanFiles([...new Set(chosen.map((entry) => entry.file))]);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('exit', restoreHeld);
  mkdirSync(outputFolder, { recursive: true });
  const started = performance.now();

  // Unbroken first: a command that fails as it is would "catch" every break.
  const commands = [...new Set(chosen.map((entry) => entry.command))];
  const baselines: Baseline[] = [];
  for (const [index, command] of commands.entries()) {
    const result = await run(command, `unbroken-${index + 1}`);
    baselines.push({
      command,
      passed: result.exitCode === 0,
      exitCode: result.exitCode,
      seconds: Math.round(result.seconds),
    });
    console.log(
      `unbroken ${result.exitCode === 0 ? 'passes' : 'FAILS '} ${Math.round(result.seconds)} s  ${command}`,
    );
  }
  const failing = new Set(
    baselines.filter((baseline) => !baseline.passed).map((baseline) => baseline.command),
  );

  const outcomes: Outcome[] = [];
  for (const entry of chosen.filter((candidate) => !failing.has(candidate.command))) {
    const outcome = await runBreak(entry);
    outcomes.push(outcome);
    console.log(
      `${outcome.caught ? 'caught    ' : 'NOT caught'} ${outcome.seconds} s  ${entry.id}`,
    );
  }
  printTable(outcomes);

  const expected = outcomes.filter((outcome) => outcome.expected === 'caught');
  const missed = expected.filter((outcome) => !outcome.caught);
  const gaps = outcomes.filter((outcome) => outcome.expected === 'gap');
  const unproven = chosen.filter((entry) => failing.has(entry.command)).map((entry) => entry.id);
  const seconds = Math.round((performance.now() - started) / 1000);
  const counts = {
    breaks: chosen.length,
    caught: expected.length - missed.length,
    expectedCaught: expected.length,
    gaps: gaps.length,
    gapsNowCaught: gaps.filter((gap) => gap.caught).length,
    unproven: unproven.length,
    seconds,
  };
  mkdirSync(dirname(reportFile), { recursive: true });
  writeFileSync(
    reportFile,
    `${JSON.stringify({ finishedAt: new Date().toISOString(), counts, baselines, outcomes, unproven }, null, 2)}\n`,
  );

  console.log(
    `\n${counts.caught} of ${counts.expectedCaught} breaks caught; ${counts.gaps} known gaps` +
      ` (${counts.gapsNowCaught} now caught); ${seconds} s; ${reportFile}`,
  );
  for (const gap of gaps) {
    console.log(`gap${gap.caught ? ' (now caught: drop its mark)' : ''}: ${gap.id}: ${gap.what}`);
  }
  for (const outcome of missed) console.log(`NOT caught: ${outcome.id}: ${outcome.what}`);
  if (unproven.length > 0) {
    console.log(
      `not run, their command fails unbroken (see ${outputFolder}): ${unproven.join(', ')}`,
    );
  }
  if (missed.length > 0 || unproven.length > 0) process.exitCode = 1;
}

await main();
