import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFigure } from '../../../../reliability/harness.ts';
import { fuzzingEnv, hostileAnswer } from '../../../../reliability/hostile.ts';
import { writeHostileResults } from './results.ts';

// The round trip of `npm run reliability -- hostile`: the fuzzing tests record their counts into
// results.json, the check reads back the run recorded since it started, and says so when there is
// none (its tests once passed and the check failed on the previous run's figures, unexplained).

const routes = (cases: number, statuses: Record<string, number>) => ({
  routes: 2,
  cases: cases * 2,
  viaHttp: 2,
  byRoute: {
    listClients: { cases, viaHttp: 1, statuses },
    getClient: { cases: cases + 1, viaHttp: 1, statuses: { '200': 3 } },
  },
});

let folder = '';
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function resultsFile(content: object): string {
  folder = mkdtempSync(join(tmpdir(), 'hostile-results-'));
  const path = join(folder, 'results.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('the hostile-input figures in reliability/results.json', () => {
  it('records each database under hostileInput, keeping the rest of the file, and the check reads it back', async () => {
    const path = resultsFile({ date: 'kept', checks: { load: { title: 'kept' } } });
    const started = Date.now();
    await writeHostileResults(path, 'pglite', 'routes', routes(4, { '200': 2, '400': 1 }));
    await writeHostileResults(path, 'postgres', 'routes', routes(5, { '500': 1, '503': 2 }));
    await writeHostileResults(path, 'postgres', 'unicode', { cases: 9 });

    const results = read(path);
    expect(results.checks).toEqual({ load: { title: 'kept' } });
    expect(results.date).toBe('kept');
    expect(results.hostileInput.pglite.routes).toMatchObject(routes(4, { '200': 2, '400': 1 }));
    expect(results.hostileInput.postgres.unicode.cases).toBe(9);
    expect(Date.parse(results.hostileInput.pglite.routes.date)).toBeGreaterThanOrEqual(started);

    const answer = hostileAnswer(results, { started, exitCode: 0, casesPerRoute: 4 });
    // Whether each goal is met, as results.md shows it (the harness decides).
    expect(
      answer.figures.map(readFigure).map((figure) => [figure.id, figure.value, figure.met]),
    ).toEqual([
      ['hostile.pglite.fewest-cases', 4, true],
      ['hostile.pglite.server-errors', 0, true],
      ['hostile.postgres.fewest-cases', 5, true],
      ['hostile.postgres.server-errors', 3, false],
    ]);
    expect(answer.markdown).toContain('| postgres | 2 | 10 | 2 | 5 | 3 |');
  });

  it('reports a database that recorded no run since the check started, not the last one', async () => {
    const path = resultsFile({});
    await writeHostileResults(path, 'pglite', 'routes', routes(4, {}));
    await writeHostileResults(path, 'postgres', 'routes', routes(4, {}));
    const recorded = read(path);
    const pgliteDate = recorded.hostileInput.pglite.routes.date;
    const later = Math.max(
      Date.parse(pgliteDate),
      Date.parse(recorded.hostileInput.postgres.routes.date),
    );
    expect(() =>
      hostileAnswer(recorded, { started: later + 1, exitCode: 0, casesPerRoute: 4 }),
    ).toThrow(
      `the pglite route fuzzing recorded no run since the check started at ${new Date(later + 1).toISOString()} (the last one is of ${pgliteDate}; tests exited with 0)`,
    );
    expect(() => hostileAnswer({}, { started: 0, exitCode: 1, casesPerRoute: 4 })).toThrow(
      'the pglite route fuzzing recorded no run since the check started at 1970-01-01T00:00:00.000Z (none is in results.json; tests exited with 1)',
    );
    expect(() =>
      hostileAnswer(
        { hostileInput: { pglite: recorded.hostileInput.pglite } },
        { started: 0, exitCode: 0, casesPerRoute: 4 },
      ),
    ).toThrow('the postgres route fuzzing recorded no run');
  });

  it('fails a run whose tests failed, even with its figures recorded', async () => {
    const path = resultsFile({});
    await writeHostileResults(path, 'pglite', 'routes', routes(4, {}));
    await writeHostileResults(path, 'postgres', 'routes', routes(4, {}));
    expect(() => hostileAnswer(read(path), { started: 0, exitCode: 1, casesPerRoute: 4 })).toThrow(
      'the hostile-input tests failed (exit code 1)',
    );
  });

  it('runs the fuzzing tests in the thorough tier, the one that records (and runs them on PostgreSQL)', () => {
    expect(fuzzingEnv({ PATH: '/bin' }, 1000, 50)).toEqual({
      PATH: '/bin',
      COACH_THOROUGH: '1',
      HOSTILE_RUNS: '1000',
      HOSTILE_HTTP_RUNS: '50',
    });
  });
});
