import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, testOrganisationId } from '../../test/database.ts';
import { rejectionOf } from '../../test/dbErrors.ts';
import { readConfig } from '../config.ts';
import { openDatabase } from './index.ts';

const password = 'S3cret-Passw0rd';
const base = { dataDir: '', organisationId: testOrganisationId };

async function openingError(databaseUrl: string): Promise<string> {
  const error = await rejectionOf(openDatabase({ ...base, databaseUrl }));
  expect(error).toBeInstanceOf(Error);
  const { message } = error as Error;
  expect(message).not.toContain(password);
  expect(message).not.toContain(encodeURIComponent(password));
  return message;
}

describe('openDatabase with a bad DATABASE_URL', () => {
  it('names a malformed URL without repeating the password', async () => {
    expect(await openingError(`postgres://coach:${password}@localhost:notaport/coach`)).toBe(
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    );
  });

  it('names a URL of another kind of database', async () => {
    expect(await openingError(`mysql://coach:${password}@localhost/coach`)).toBe(
      "DATABASE_URL must start with postgres:// or postgresql://, got 'mysql://'",
    );
  });

  it('names the server it could not reach, without the password', async () => {
    const message = await openingError(`postgresql://coach:${password}@127.0.0.1:1/coach`);
    expect(message).toContain(
      "Could not connect to the PostgreSQL server at 127.0.0.1:1 (database 'coach', user 'coach')",
    );
    expect(message).toContain('ECONNREFUSED');
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'names a wrong password as such, without repeating it',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.password = password;
      expect(await openingError(url.toString())).toContain('password authentication failed');
    },
  );
});

describe('the database configuration', () => {
  it('defaults to the embedded database in ./.data and the demo organisation', () => {
    const config = readConfig({});
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe(join(process.cwd(), '.data'));
    expect(config.organisationId).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('reads DATA_DIR, DATABASE_URL and ORGANISATION_ID', () => {
    const config = readConfig({
      DATA_DIR: '/srv/coach',
      DATABASE_URL: 'postgresql://coach:pw@db.internal:5433/coach',
      ORGANISATION_ID: ' 7E57AB1E-0000-4000-8000-00000000000A ',
    });
    expect(config).toMatchObject({
      dataDir: '/srv/coach',
      databaseUrl: 'postgresql://coach:pw@db.internal:5433/coach',
      organisationId: '7e57ab1e-0000-4000-8000-00000000000a',
    });
  });

  it('stops with a clear message when ORGANISATION_ID is not a UUID', () => {
    expect(() => readConfig({ ORGANISATION_ID: 'acme' })).toThrow(
      "ORGANISATION_ID must be a UUID such as '00000000-0000-4000-8000-000000000001', got 'acme'",
    );
  });

  it('stops with a clear message on a bad DATABASE_URL, without the password', () => {
    expect(() => readConfig({ DATABASE_URL: `http://coach:${password}@db/coach` })).toThrow(
      "DATABASE_URL must start with postgres:// or postgresql://, got 'http://'",
    );
    expect(() => readConfig({ DATABASE_URL: `coach:${password}` })).toThrow(
      /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/, got 'coach:\/\/'$/,
    );
  });
});

// Opening PGlite on disk (initdb and the migrations) takes seconds on a busy machine: the folder
// is initialised once and reopened after, and the opening tests get a timeout to match.
describe.runIf(testDatabaseKind() === 'pglite')('the embedded database folder', () => {
  // A name, not a folder yet: the first test has it created; a run on PostgreSQL, which collects
  // this suite without running it, leaves nothing behind.
  const root = join(tmpdir(), `coach-lock-${randomUUID()}`);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const config = {
    databaseUrl: null,
    dataDir: join(root, 'new', 'folder'),
    organisationId: testOrganisationId,
  };
  const lockFile = join(config.dataDir, 'pglite.lock');
  const openingTimeout = 60_000;

  it(
    'is created when missing, refuses a second opening while open, and frees the folder on close',
    async () => {
      const handle = await openDatabase(config);
      try {
        expect(existsSync(lockFile)).toBe(true);
        const error = await rejectionOf(openDatabase(config));
        expect((error as Error).message).toContain('is already open in this process');
      } finally {
        await handle.close();
      }
      expect(existsSync(lockFile)).toBe(false);
    },
    openingTimeout,
  );

  it(
    'refuses a folder another running process holds, and takes over a stale lock',
    async () => {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(lockFile, String(process.ppid));
      const error = await rejectionOf(openDatabase(config));
      expect((error as Error).message).toContain(
        `the embedded database is in use by another process (pid ${process.ppid})`,
      );
      writeFileSync(lockFile, '2147483646');
      const handle = await openDatabase(config);
      await handle.close();
    },
    openingTimeout,
  );
});
