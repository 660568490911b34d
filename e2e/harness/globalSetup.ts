import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appBuildDir } from './paths.ts';
import { startServerProcess } from './serverProcess.ts';

/** Where the seeded template database is, for `startProduct` in the test workers. */
export const templateDataDirVariable = 'COACH_E2E_TEMPLATE_DATA_DIR';

/**
 * Once per run: checks that the app is built, and makes a migrated, demo-seeded PGlite data folder
 * (about 5 s) that every test file copies, so each file gets a fresh database in about a second.
 */
export default async function setup() {
  if (!existsSync(join(appBuildDir, 'index.html'))) {
    throw new Error(
      `The coach app is not built (${appBuildDir}): run 'npm run test:e2e', which builds it`,
    );
  }
  if (process.env.COACH_E2E_DB === 'postgres') return;
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-e2e-template-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_SEED: '1' });
  await server.stop();
  process.env[templateDataDirVariable] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
