import { globSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProjectConfiguration } from 'vitest/config';
import { thorough } from './packages/server/test/thorough.ts';

/**
 * A test's time limit: it catches a hang, not a slow machine. Under another heavy process on the
 * 2 cores (the suite stays green while one runs) a whole screen in jsdom, a property test of 400 cases
 * or a server process's start took 35 to 40 s where they take 2 to 10 s alone.
 */
const hangTimeoutMs = 60_000;

/**
 * The server's test files share their workers: each file gets fresh project modules (see
 * test/freshModules.ts) but not a fresh process, so fastify, PGlite and the drivers load once per
 * worker. Their tests do real database work; the databases come from templates migrated once,
 * before the workers start (test/templates.ts: PGlite's initdb and migrations take seconds on two
 * busy cores).
 */
const serverWorkers = {
  isolate: false,
  setupFiles: ['test/freshModules.ts'],
  globalSetup: [resolve(import.meta.dirname, 'packages/server/test/templates.ts')],
  testTimeout: hangTimeoutMs,
  hookTimeout: hangTimeoutMs,
};

/**
 * The ui and app test files share their workers' jsdom and modules (React, Chakra, i18next load
 * once per worker, not once per file: about two thirds of these projects' CPU time). What a file
 * leaves behind is undone by the shared setup (vitest.setup.dom.ts: the rendered trees, the
 * mocks' state is made fresh per render); a file that changes a global restores it itself.
 * They run in one worker, after the other projects (a group of their own): each more worker
 * loads that module graph again, and ended no sooner (the app's files: 42 s and 50 CPU-s in one
 * worker, 45 s and 85 CPU-s in three, on a slow 2-core machine), while the run's other core
 * serves what runs beside it (the stories in `npm test`, the builds in `npm run test:all`).
 */
const domWorkers = { isolate: false, maxWorkers: 1, sequence: { groupOrder: 1 } };

/**
 * The pure Node projects (domain, api, scripts) share their workers too: a fresh worker per file
 * costs a process start and its module graph, more than most of these files take to run. Their
 * files restore what they change (fake timers, stubbed globals, MSW's interceptors).
 */
const nodeWorkers = { isolate: false };

/**
 * The ui and app test files that replace a module (`vi.mock`): a module another file of the worker
 * has loaded stays loaded, unmocked, so these run in projects of their own, one fresh module
 * graph per file (`ui-mocks`, `app-mocks`). A new `vi.mock` in a ui or app test goes here.
 */
const moduleMockFiles = {
  ui: ['src/Toasts/toast.test.ts', 'src/theme/CoachUiProvider.test.tsx'],
  app: [
    'src/core/toasts/components/DeferredToasts.test.tsx',
    'src/core/passkeys/browserPasskeys.test.ts',
  ],
};

/**
 * Two tiers. The heaviest files (whole-demo seeds, the route fuzzer, floods of requests) run in
 * `npm run test:thorough` (COACH_THOROUGH=1), at full depth and on both databases: `npm run
 * test:all` (and so CI) runs it. The unit run of `npm test` and of `npm run test:all` leaves them
 * to it (`thoroughLater`); `npm run test:unit` alone runs them on PGlite, with a sample where they
 * draw cases (see `thorough` in the files).
 */
const heavyFiles = {
  server: [
    'test/hostile/routeFuzz.test.ts',
    'test/hostile/unicode.test.ts',
    'test/hostile/uploads.test.ts',
    'test/hostileTraffic.test.ts',
    'test/slowReadersCrowd.test.ts',
    'src/services/auth/hostileTraffic.test.ts',
    'src/services/auth/resetCodes.test.ts',
    // Processes of their own: a first start seeding the whole demo, the operator's command run
    // seven times and a server (the deploy steps run both as the handbook says, in CI).
    'src/start.test.ts',
    'src/cli/createCoach.test.ts',
  ],
  simulator: [
    'src/demo/demoBackup.test.ts',
    'src/demo/demoHistory.test.ts',
    'src/bulk.test.ts',
    'src/simulation.test.ts',
  ],
  // The several-process runs of the live figures, the messages and the morning mail (each seeds a
  // PostgreSQL database and starts two or three products): `npm run test:e2e` keeps their
  // one-process runs (liveFigures, messages, morningMail), which go through the same steps
  // (e2e/harness/).
  e2e: [
    'liveFiguresProcesses.test.ts',
    'messagesProcesses.test.ts',
    'morningMailProcesses.test.ts',
  ],
};
/**
 * `npm test` and `npm run test:all` start their unit run with COACH_THOROUGH_LATER=1: it leaves
 * the heavy files to the thorough tier (`npm run test:all` runs it; the gate leaves it to CI,
 * the fuzzing and floods being about a quarter of its unit run's CPU) instead of running them on
 * PGlite with a sample.
 */
const thoroughLater = !thorough && process.env.COACH_THOROUGH_LATER === '1';
/**
 * Heavy files the unit run leaves out entirely: the whole demo's history is sampled by the backup
 * round trip (a few clients' history, no action refused, in every tier) and seeded whole by every
 * `npm start` and by the end-to-end run's template; the crowd of 200 non-reading clients waits out
 * the product's grace, while the unit run holds 20 of them with a short one (slowReaders.test.ts).
 */
const thoroughOnlyFiles = {
  server: ['test/slowReadersCrowd.test.ts'],
  simulator: ['src/demo/demoHistory.test.ts'],
};

/**
 * Server files whose behaviour is the HTTP layer's, whatever the database: on PGlite only.
 */
const httpOnlyFiles = ['test/slowReaders.test.ts', 'test/slowReadersCrowd.test.ts'];

const withPostgres = process.env.COACH_SKIP_POSTGRES !== '1';
/**
 * Whether this run has a PostgreSQL server to run the database's files on (the test commands set
 * TEST_DATABASE_URL; without it, server-postgres's global setup fails the run, and a run of
 * server-pglite alone runs every file on PGlite).
 */
const hasPostgresServer = withPostgres && Boolean(process.env.TEST_DATABASE_URL);
/** The server files that use a database (the hostile-input generator's and httpOnlyFiles do not). */
const databaseFiles = {
  include: [
    'src/db/**/*.test.ts',
    'src/services/**/*.test.ts',
    'src/seed/**/*.test.ts',
    'src/metrics/**/*.test.ts',
    'test/**/*.test.ts',
  ],
  exclude: ['test/hostile/schemaArbitrary.test.ts', ...httpOnlyFiles],
};
/**
 * Server files whose subject is the database engine, run on both databases: the database layer,
 * and the files of the engines' own branches (PGlite's memory of live sessions, live events across
 * processes on PostgreSQL, PostgreSQL's pool in the metrics, PGlite's text in the hostile Unicode),
 * and the route fuzzer, which records each engine's figures (reliability/results.md). Every other
 * file that uses a database runs once (decision 109): on PostgreSQL when the run has a server (the
 * same SQL, for about three quarters of PGlite's CPU, with real concurrency), on PGlite when it
 * has none (COACH_SKIP_POSTGRES=1, or no TEST_DATABASE_URL); the journeys on PGlite are the
 * end-to-end run's, the parity's and the demo's.
 */
const engineFiles = [
  'src/db/**/*.test.ts',
  'src/services/auth/liveSessions.test.ts',
  'src/services/analytics/liveEvents.test.ts',
  'src/metrics/metrics.test.ts',
  'test/hostile/unicode.test.ts',
  'test/hostile/routeFuzz.test.ts',
];
/** The server files that use a database (`files`) and the engine's (`onBoth`), under packages/server. */
const usingDatabase = (() => {
  const root = resolve(import.meta.dirname, 'packages/server');
  const excluded = new Set(globSync(databaseFiles.exclude, { cwd: root }));
  const onBoth = new Set(globSync(engineFiles, { cwd: root }));
  const files = globSync(databaseFiles.include, { cwd: root }).filter(
    (file) => !excluded.has(file),
  );
  return { files, onBoth };
})();
/** The server files that run on PostgreSQL only in a run with a server: what PGlite's leaves. */
const postgresOnlyFiles = usingDatabase.files.filter((file) => !usingDatabase.onBoth.has(file));
/** The heaviest server files that use a database: the thorough tier's on PostgreSQL. */
const heavyDatabaseFiles = heavyFiles.server.filter((file) => usingDatabase.files.includes(file));
/**
 * The simulator's files that run on PostgreSQL only in a run with a server: all but the
 * generator's (no database) and the demo's backup round trip (the embedded database's backup).
 * The whole demo's seed on PGlite is every `npm start`'s and the end-to-end run's template.
 */
const simulatorPostgresOnlyFiles = [
  'src/bulk.test.ts',
  'src/simulation.test.ts',
  'src/demo/demoHistory.test.ts',
];
/**
 * The heaviest files a project leaves out: all of them when the thorough tier runs them later
 * (`thoroughLater`), none in that tier, and else (`npm run test:unit` alone, with samples) `others`.
 */
const heavyLeft = (heavy: string[], others: string[]) =>
  thorough ? [] : thoroughLater ? heavy : others;

/**
 * The test projects: ui and app in a DOM environment; domain, api, server, simulator and the
 * project's scripts in Node; the mocks held to the server (`parity`); and the end-to-end tests
 * (`e2e`: chromium against the running product; `e2e-engines`: the main journeys in Firefox and
 * WebKit); and the operator's alert rules and dashboard against a real Prometheus (`ops`).
 * COACH_SKIP_POSTGRES=1 leaves out server-postgres and simulator-postgres (local runs without a
 * PostgreSQL server). `npm run test:unit` runs all but e2e, e2e-engines and ops,
 * `npm run test:e2e` builds the app when needed and runs e2e alone, `npm run test:engines`
 * installs the engines, builds the app when needed and runs e2e-engines alone.
 */
export const projects: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'ui',
      root: 'packages/ui',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      exclude: moduleMockFiles.ui,
      setupFiles: ['../../vitest.setup.dom.ts'],
      ...domWorkers,
      testTimeout: hangTimeoutMs,
    },
  },
  {
    extends: true,
    test: {
      name: 'ui-mocks',
      root: 'packages/ui',
      environment: 'jsdom',
      include: moduleMockFiles.ui,
      setupFiles: ['../../vitest.setup.dom.ts'],
      testTimeout: hangTimeoutMs,
    },
  },
  {
    extends: true,
    test: {
      name: 'app',
      root: 'packages/app',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: moduleMockFiles.app,
      setupFiles: ['../../vitest.setup.dom.ts'],
      ...domWorkers,
      // Whole screens render in jsdom (Chakra, the router, the mocks): seconds each when the
      // 2-core runner also builds Storybook and the app beside these tests.
      testTimeout: hangTimeoutMs,
    },
  },
  {
    extends: true,
    test: {
      name: 'app-mocks',
      root: 'packages/app',
      environment: 'jsdom',
      include: moduleMockFiles.app,
      setupFiles: ['../../vitest.setup.dom.ts'],
      testTimeout: hangTimeoutMs,
    },
  },
  {
    extends: true,
    test: {
      name: 'domain',
      root: 'packages/domain',
      environment: 'node',
      ...nodeWorkers,
      include: ['src/**/*.test.ts'],
      // Property tests draw hundreds of cases: seconds on a busy machine.
      testTimeout: hangTimeoutMs,
    },
  },
  {
    extends: true,
    test: {
      name: 'api',
      root: 'packages/api',
      environment: 'node',
      ...nodeWorkers,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // The mocks' fixtures checked against the contract, for every client: a second alone, and
      // past Vitest's 5 s default once on a busy CI runner.
      testTimeout: hangTimeoutMs,
    },
  },
  // The project's own tools (scripts/): the story graph of `npm run test-storybook:changed`.
  {
    extends: true,
    test: {
      name: 'scripts',
      root: 'scripts',
      environment: 'node',
      ...nodeWorkers,
      include: ['**/*.test.ts'],
      testTimeout: hangTimeoutMs,
    },
  },
  // The mocks held to the server: the same scenarios on the MSW handlers and on the real server
  // over HTTP (PGlite), see parity/parity.test.ts.
  {
    extends: true,
    test: {
      name: 'parity',
      root: 'parity',
      environment: 'node',
      include: ['**/*.test.ts'],
      env: { COACH_TEST_DB: 'pglite' },
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  },
  // The server's tests: on PGlite, and on a PostgreSQL server (TEST_DATABASE_URL, see
  // scripts/ensure-postgres.sh); each file on one of them but the engine's (`engineFiles`).
  {
    extends: true,
    test: {
      name: 'server-pglite',
      root: 'packages/server',
      environment: 'node',
      include: thorough ? heavyFiles.server : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [
        ...heavyLeft(heavyFiles.server, thoroughOnlyFiles.server),
        ...(hasPostgresServer ? postgresOnlyFiles : []),
      ],
      env: { COACH_TEST_DB: 'pglite' },
      ...serverWorkers,
    },
  },
  ...(!withPostgres
    ? []
    : [
        {
          extends: true,
          test: {
            name: 'server-postgres',
            root: 'packages/server',
            environment: 'node',
            // The files that use a database (the heaviest in `npm run test:thorough` only). The
            // hostile-input generator's test uses none, nor do the slow readers test one: they
            // hold the HTTP layer's stall rule and answer cap to clients that never read.
            include: thorough ? heavyDatabaseFiles : databaseFiles.include,
            exclude: [
              ...databaseFiles.exclude,
              ...heavyLeft(
                heavyFiles.server,
                heavyFiles.server.filter((file) => !postgresOnlyFiles.includes(file)),
              ),
            ],
            // Its global setup (test/templates.ts) fails the run when TEST_DATABASE_URL is
            // missing, instead of skipping.
            env: { COACH_TEST_DB: 'postgres' },
            ...serverWorkers,
          },
        } satisfies TestProjectConfiguration,
      ]),
  // The simulator's tests drive the real server and database, sharing workers as the server's do
  // (the server's test/freshModules.ts); those that use the database also run on PostgreSQL.
  {
    extends: true,
    test: {
      name: 'simulator',
      root: 'packages/simulator',
      environment: 'node',
      include: thorough ? heavyFiles.simulator : ['src/**/*.test.ts'],
      exclude: [
        ...heavyLeft(heavyFiles.simulator, thoroughOnlyFiles.simulator),
        ...(hasPostgresServer ? simulatorPostgresOnlyFiles : []),
      ],
      env: { COACH_TEST_DB: 'pglite' },
      ...serverWorkers,
      setupFiles: ['../server/test/freshModules.ts'],
    },
  },
  ...(!withPostgres
    ? []
    : [
        {
          extends: true,
          test: {
            name: 'simulator-postgres',
            root: 'packages/simulator',
            environment: 'node',
            include: thorough ? heavyFiles.simulator : ['src/**/*.test.ts'],
            // The generator's test uses no database: once is enough. The demo data's backup round
            // trip is the embedded database's, on PGlite only.
            exclude: [
              'src/generator.test.ts',
              'src/demo/demoBackup.test.ts',
              ...heavyLeft(heavyFiles.simulator, thoroughOnlyFiles.simulator),
            ],
            env: { COACH_TEST_DB: 'postgres' },
            ...serverWorkers,
            setupFiles: ['../server/test/freshModules.ts'],
          },
        } satisfies TestProjectConfiguration,
      ]),
  // The end-to-end tests: chromium against the running product. The global setup seeds one
  // template database, launches one chromium for the run and starts one shared product; files that
  // change no state another file reads (clients, clientProfile, firstLoad, screenSize, session)
  // use that product, the others (a password, a profile, a throttle, new clients, a token
  // lifetime, a killed server) start one of their own from the template. Each file has its own
  // browser contexts. One file at a time, since they share two cores with the rest of the machine.
  {
    extends: true,
    test: {
      name: 'e2e',
      root: 'e2e',
      environment: 'node',
      include: thorough ? heavyFiles.e2e : ['**/*.test.ts'],
      // The journeys in Firefox and WebKit are a project of their own (e2e-engines, below).
      exclude: ['engines/**', ...(thorough ? [] : heavyFiles.e2e)],
      globalSetup: ['harness/globalSetup.ts'],
      fileParallelism: false,
      testTimeout: 45_000,
      hookTimeout: 60_000,
      // A retry would hide a flaky journey; a failure leaves screenshots (see harness/browser.ts).
      retry: 0,
    },
  },
  // The operator's view (`npm run test:ops`, a step of `npm run test:all`): Debian's Prometheus
  // scrapes the product started as a process under a little traffic, and the alert rules and the
  // Grafana dashboard of docs/operating/ are held to it, to the handbook's metrics and to promtool's
  // unit tests. scripts/test-ops.sh installs Prometheus when it is missing; `npm run test:unit`
  // leaves this project out.
  {
    extends: true,
    test: {
      name: 'ops',
      root: 'ops',
      environment: 'node',
      include: ['*.test.ts'],
      testTimeout: hangTimeoutMs,
      hookTimeout: hangTimeoutMs,
    },
  },
  // The coach's main journeys in Firefox and WebKit (`npm run test:engines`, a step of
  // `npm run test:all`): a file per engine, each with its own engine and product, one at a time.
  // Their drivers are a package of their own (e2e/engines/package.json), which `npm run
  // test:unit` and `npm run test:e2e` neither run nor install.
  {
    extends: true,
    test: {
      name: 'e2e-engines',
      root: 'e2e/engines',
      environment: 'node',
      include: ['*.test.ts'],
      globalSetup: ['globalSetup.ts'],
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 60_000,
      retry: 0,
    },
  },
];
