// The thorough hostile-input run: the route fuzzing of packages/server/test/hostile (every route
// of the contract under requests drawn from its own schemas, valid and broken) with 1,000 cases
// per route through the server's routing and 50 over real HTTP, on PGlite and on PostgreSQL.
// `npm run test:thorough` runs the same tests with 160 cases per route on PostgreSQL and 44 on
// PGlite (`npm run test:unit` alone with 44, on PGlite); this check is the "thousands of cases
// per endpoint" run. The tests fail on any 5xx, an answer off the catalogue, a write by a refused
// request or a server that stops serving; they record their case counts in
// reliability/results.json (`hostileInput`), which this check reads back as figures.
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
  date: string;
  routes: number;
  cases: number;
  viaHttp: number;
  byRoute: Record<string, RouteFigures>;
};

/**
 * The environment of the fuzzing's test run. COACH_THOROUGH=1 is the tier this run belongs to:
 * without it the server-postgres project leaves the fuzzing file out and the tests record nothing
 * into results.json (packages/server/test/hostile/results.ts records the full-depth runs only, so
 * that `npm test`'s sample leaves the tracked file alone).
 */
export function fuzzingEnv(
  env: NodeJS.ProcessEnv,
  cases = casesPerRoute,
  httpCases = httpCasesPerRoute,
): NodeJS.ProcessEnv {
  return {
    ...env,
    COACH_THOROUGH: '1',
    HOSTILE_RUNS: String(cases),
    HOSTILE_HTTP_RUNS: String(httpCases),
  };
}

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
      { cwd: repoRoot, stdio: 'inherit', env: fuzzingEnv(process.env) },
    );
    child.once('error', fail);
    child.once('exit', (code) => done(code ?? 1));
  });
}

export async function runHostileCheck(): Promise<CheckResult> {
  const started = Date.now();
  const exitCode = await runTests();
  const results = JSON.parse(readFileSync(resolve(import.meta.dirname, 'results.json'), 'utf8'));
  return hostileAnswer(results, { started, exitCode, casesPerRoute });
}

/**
 * The check's answer from results.json as the tests left it: per database, the route fuzzing's run
 * recorded since `started`. A database with no such run is an error that says so (the tests may
 * have passed without recording: a check that read the previous run would report old figures).
 */
export function hostileAnswer(
  results: { hostileInput?: Record<string, { routes?: RoutesRun } | undefined> },
  run: { started: number; exitCode: number; casesPerRoute: number },
): CheckResult {
  const figures: Figure[] = [];
  const lines: string[] = [
    '| database | routes | cases | over HTTP | fewest cases on a route | 5xx |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const kind of kinds) {
    const routes = results.hostileInput?.[kind]?.routes;
    const recorded = routes ? Date.parse(routes.date) : Number.NaN;
    if (!routes || !(recorded >= run.started)) {
      const last = routes ? `the last one is of ${routes.date}` : 'none is in results.json';
      throw new Error(
        `the ${kind} route fuzzing recorded no run since the check started at ${new Date(run.started).toISOString()} (${last}; tests exited with ${run.exitCode})`,
      );
    }
    const perRoute = Object.values(routes.byRoute);
    const fewest = Math.min(...perRoute.map((route) => route.cases));
    const serverErrors = perRoute
      .flatMap((route) => Object.entries(route.statuses))
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    figures.push(
      {
        id: `hostile.${kind}.fewest-cases`,
        label: `Fewest cases on one route (${routes.routes} routes), ${kind}`,
        value: fewest,
        unit: 'count',
        better: 'higher',
        goal: { kind: 'absolute', value: run.casesPerRoute },
        note: `${routes.cases.toLocaleString('en-US')} cases in all, ${routes.viaHttp.toLocaleString('en-US')} over HTTP`,
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
      `| ${kind} | ${routes.routes} | ${routes.cases} | ${routes.viaHttp} | ${fewest} | ${serverErrors} |`,
    );
  }
  if (run.exitCode !== 0) {
    throw new Error(`the hostile-input tests failed (exit code ${run.exitCode})`);
  }
  return { figures, markdown: lines.join('\n') };
}
