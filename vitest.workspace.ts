import type { TestProjectConfiguration } from 'vitest/config';

/**
 * The test projects: ui and app in a DOM environment, api and server in Node. COACH_SKIP_POSTGRES=1
 * leaves out server-postgres (local runs without a PostgreSQL server).
 */
export const projects: TestProjectConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'ui',
      root: 'packages/ui',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      setupFiles: ['../../vitest.setup.dom.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'app',
      root: 'packages/app',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['../../vitest.setup.dom.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'api',
      root: 'packages/api',
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    },
  },
  // The server's tests run twice: on PGlite, and on a PostgreSQL server (TEST_DATABASE_URL, see
  // scripts/ensure-postgres.sh). Tests that need no database run in the first project only.
  {
    extends: true,
    test: {
      name: 'server-pglite',
      root: 'packages/server',
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      env: { COACH_TEST_DB: 'pglite' },
    },
  },
  ...(process.env.COACH_SKIP_POSTGRES === '1'
    ? []
    : [
        {
          extends: true,
          test: {
            name: 'server-postgres',
            root: 'packages/server',
            environment: 'node',
            // Only the tests that use the database run a second time.
            include: ['src/db/**/*.test.ts', 'src/services/**/*.test.ts', 'test/**/*.test.ts'],
            env: { COACH_TEST_DB: 'postgres' },
            // Fails the run when TEST_DATABASE_URL is missing, instead of skipping.
            globalSetup: ['test/postgres-required.ts'],
          },
        } satisfies TestProjectConfiguration,
      ]),
];
