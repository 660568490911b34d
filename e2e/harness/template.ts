import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServerProcess } from './serverProcess.ts';

/**
 * Makes the run's template database in `dataDir`: a migrated, demo-seeded PGlite data folder
 * (the demo accounts and their weeks of history, about a minute of one core) that every product
 * of the run copies, so each gets a fresh database in about a second. The product seeds it as
 * `npm start` does, then stops.
 */
export async function buildTemplate(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  // The test command makes it beside the unit tests, which keep both cores busy: the seed took
  // 159 s there once (about a minute alone), so the start may take up to 10 minutes here.
  const server = await startServerProcess(
    { DATA_DIR: dataDir, DEMO_SEED: '1' },
    { startLimitMs: 600_000 },
  );
  await server.stop();
}

/** Whether `dataDir` holds a template made before the run (by `buildTemplate`). */
export function isTemplateBuilt(dataDir: string | undefined): dataDir is string {
  return Boolean(dataDir && existsSync(dataDir) && readdirSync(dataDir).length > 0);
}

// `node e2e/harness/template.ts <folder>`: made ahead of the e2e run, beside other work (the test
// `npm run test:all` builds it while the unit tests run; see scripts/test-all.sh).
if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: node e2e/harness/template.ts <data folder>');
  await buildTemplate(resolve(dataDir));
}
