import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate, preparePostgresTemplate } from './database.ts';

/**
 * Global setup of the server and simulator projects: the run's template databases, made once
 * before any worker starts, so that no worker migrates a database of its own. On PGlite, the dump
 * every test database loads and the DATA_DIR the process tests copy; on PostgreSQL, the template
 * database each test file's database is created from. Both are kept (named after the migrations'
 * hash) for the runs after this one. The PostgreSQL projects fail the run at once without
 * `TEST_DATABASE_URL`, with instructions, rather than skip (COACH_SKIP_POSTGRES=1 leaves them out).
 */
export default async function makeTemplates(project: TestProject): Promise<void> {
  if (project.config.env.COACH_TEST_DB !== 'postgres') {
    await ensurePgliteTemplate();
    return;
  }
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error(
      'The server-postgres tests need TEST_DATABASE_URL: run eval "$(bash scripts/ensure-postgres.sh)" ' +
        'first, or set COACH_SKIP_POSTGRES=1 to skip them on this machine',
    );
  }
  await preparePostgresTemplate();
}
