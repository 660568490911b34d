import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDataDir } from '../../test/database.ts';
import { withServerProcess } from '../../test/serverProcess.ts';

// The operator's way to a deployment's first coach (`npm run create-coach`), run as an operator
// runs it: a process of its own on the server's environment, the password on standard input.
const command = resolve(import.meta.dirname, 'createCoach.ts');
const password = 'Tr0mbone-Sunrise';
let dataDir = '';

// A deployment's database, migrated and empty (a copy of the run's template): each test adds
// accounts of its own to it, never one another's.
beforeAll(async () => {
  dataDir = await createTestDataDir();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the command with `args` and `input` on standard input; answers its exit code and output. */
function createCoach(
  args: string[],
  input: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [command, ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, TZ: 'UTC' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stdin.end(input);
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

/** Starts the server (no demo accounts) on the command's database, runs `use`, stops it. */
function withServer(use: (url: string) => Promise<void>): Promise<void> {
  return withServerProcess(
    { DATA_DIR: dataDir, DEMO_SEED: '0', MORNING_MAIL: '0' },
    async ({ url }) => use(url),
  );
}

const ana = ['--email', ' Ana.Ruiz@Example.com ', '--first-name', 'Ana', '--last-name', 'Ruiz'];

describe('npm run create-coach', () => {
  it('creates a coach who signs in with the password given on standard input, and refuses the email again', async () => {
    const created = await createCoach(
      [...ana, '--timezone', 'Europe/Madrid', '--language', 'es'],
      `${password}\n`,
    );
    expect(created).toEqual({
      code: 0,
      output: 'Created the coach ana.ruiz@example.com: they can sign in now.\n',
    });
    // The same email, however it is typed, is refused: one account per email.
    const again = await createCoach(
      ['--email', 'ANA.RUIZ@example.com', '--first-name', 'Ana', '--last-name', 'Other'],
      'An0ther-Password\n',
    );
    expect(again).toEqual({
      code: 1,
      output: 'create-coach: An account with the email ana.ruiz@example.com already exists\n',
    });

    await withServer(async (url) => {
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana.ruiz@example.com', password }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const authorization = { authorization: `Bearer ${accessToken}` };
      const session = await fetch(`${url}/api/auth/session/current`, { headers: authorization });
      const user = (await session.json()) as { id: string; email: string };
      expect(user.email).toBe('ana.ruiz@example.com');
      const persons = await fetch(`${url}/api/account/persons?userId=${user.id}`, {
        headers: authorization,
      });
      expect(await persons.json()).toMatchObject([
        { userId: user.id, type: 'coach', firstName: 'Ana', lastName: 'Ruiz' },
      ]);
      const settings = await fetch(`${url}/api/account/coachSettings`, { headers: authorization });
      expect(await settings.json()).toMatchObject({
        timezone: 'Europe/Madrid',
        language: 'es',
        hasLanguage: true,
      });
      // The wrong password stays wrong: the stored hash is the given password's.
      const wrong = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana.ruiz@example.com', password: `${password}x` }),
      });
      expect(wrong.status).toBe(401);
    });
  }, 120_000);

  it('says what is wrong with each value, never repeating the password', async () => {
    const refused = await createCoach(
      ['--email', 'not-an-address', '--first-name', ' ', '--last-name', 'Ruiz', '--language', 'fr'],
      'weakpass\n',
    );
    expect(refused.code).toBe(1);
    expect(refused.output).toBe(
      [
        "create-coach: --email: 'not-an-address' is not an email address",
        '--first-name: A name, 1 to 250 characters, not blank, on one line',
        '--language: The language must be one of en-US, es',
        '--password: 8+ characters with an uppercase letter, a lowercase letter (of any script) and a digit 0-9',
        '',
      ].join('\n'),
    );
    expect(refused.output).not.toContain('weakpass');
  }, 60_000);

  it('refuses a timezone no IANA name spells', async () => {
    const refused = await createCoach(
      [
        '--email',
        'ben@example.com',
        '--first-name',
        'Ben',
        '--last-name',
        'Ode',
        '--timezone',
        'Mars/Olympus',
      ],
      `${password}\n`,
    );
    expect(refused).toEqual({
      code: 1,
      output:
        "create-coach: --timezone: Unknown timezone 'Mars/Olympus': use an IANA name such as Europe/Paris\n",
    });
  }, 60_000);

  it('answers a missing or unknown option with its usage', async () => {
    const missing = await createCoach(['--email', 'ben@example.com'], `${password}\n`);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/^create-coach: usage: npm run create-coach -- --email/);
    const unknown = await createCoach([...ana, '--password', password], '');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/^create-coach: Unknown option '--password'/);
    expect(unknown.output).not.toContain(password);
  });
});
