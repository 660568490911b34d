// The thorough hostile-input run: the route fuzzing of packages/server/test/hostile (every route
// of the contract under requests drawn from its own schemas, valid and broken) with 1,000 cases
// per route through the server's routing and 50 over real HTTP, on PGlite and on PostgreSQL.
// `npm run test:thorough` runs the same tests with 160 cases per route (`npm test` with 44, on
// PGlite); this check is the "thousands of cases per endpoint" run. The tests fail on any 5xx, an
// answer off the catalogue, a write by a refused request or a server that stops serving; they
// record their case counts in reliability/results.json (`hostileInput`), which this check reads
// back as figures.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CheckResult, Figure } from './harness.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const casesPerRoute = Number(process.env.RELIABILITY_HOSTILE_RUNS ?? 1000);
const httpCasesPerRoute = Number(process.env.RELIABILITY_HOSTILE_HTTP_RUNS ?? 50);
const kinds = ['pglite', 'postgres'] as const;

type RouteFigures = { cases: number; viaHttp: number; statuses: Record<string, number> };
type RoutesRun = {
  routes: number;
  cases: number;
  viaHttp: number;
  byRoute: Record<string, RouteFigures>;
};

function runTests(): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'server-pglite',
        '--project',
        'server-postgres',
        'test/hostile/routeFuzz.test.ts',
      ],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: {
          ...process.env,
          HOSTILE_RUNS: String(casesPerRoute),
          HOSTILE_HTTP_RUNS: String(httpCasesPerRoute),
        },
      },
    );
    child.once('error', fail);
    child.once('exit', (code) => done(code ?? 1));
  });
}

export async function runHostileCheck(): Promise<CheckResult> {
  const started = Date.now();
  const exitCode = await runTests();
  const results = JSON.parse(readFileSync(resolve(import.meta.dirname, 'results.json'), 'utf8'));
  const figures: Figure[] = [];
  const lines: string[] = [
    '| database | routes | cases | over HTTP | fewest cases on a route | 5xx |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const kind of kinds) {
    const run = results.hostileInput?.[kind]?.routes as (RoutesRun & { date: string }) | undefined;
    if (!run || Date.parse(run.date) < started) {
      throw new Error(`the ${kind} route fuzzing recorded no run (tests exited with ${exitCode})`);
    }
    const perRoute = Object.values(run.byRoute);
    const fewest = Math.min(...perRoute.map((route) => route.cases));
    const serverErrors = perRoute
      .flatMap((route) => Object.entries(route.statuses))
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    figures.push(
      {
        id: `hostile.${kind}.fewest-cases`,
        label: `Fewest cases on one route (${run.routes} routes), ${kind}`,
        value: fewest,
        unit: 'count',
        better: 'higher',
        goal: { kind: 'absolute', value: casesPerRoute },
        note: `${run.cases.toLocaleString('en-US')} cases in all, ${run.viaHttp.toLocaleString('en-US')} over HTTP`,
      },
      {
        id: `hostile.${kind}.server-errors`,
        label: `5xx answers, ${kind}`,
        value: serverErrors,
        unit: 'count',
        better: 'lower',
        goal: { kind: 'absolute', value: 0 },
      },
    );
    lines.push(
      `| ${kind} | ${run.routes} | ${run.cases} | ${run.viaHttp} | ${fewest} | ${serverErrors} |`,
    );
  }
  if (exitCode !== 0) throw new Error(`the hostile-input tests failed (exit code ${exitCode})`);
  return { figures, markdown: lines.join('\n') };
}
