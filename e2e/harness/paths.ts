import { resolve } from 'node:path';

/** The repository root. */
export const repoRoot = resolve(import.meta.dirname, '../..');

/** The coach app's production build, which the product under test serves. */
export const appBuildDir = resolve(repoRoot, 'packages/app/dist');

/**
 * The product's entry point (the simulator's main: the server, its demo seeded with history),
 * started as a child process like `npm start` does.
 */
export const serverMain = resolve(repoRoot, 'packages/simulator/src/main.ts');

/** Where the seeded template database is (set by the global setup, for the test workers). */
export const templateDataDirVariable = 'COACH_E2E_TEMPLATE_DATA_DIR';
