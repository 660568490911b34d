import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { noAppBuildWarning } from './start.ts';

const main = resolve(import.meta.dirname, 'main.ts');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

/** Runs the server process in demo mode until it is ready, calls it once, and answers its output. */
async function demoStartOutput(
  env: Record<string, string> = {},
): Promise<{ output: string; port: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-start-'));
  folders.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      TZ: 'UTC',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await expect
      .poll(() => output, { timeout: 60_000, interval: 100 })
      .toContain('Coach is running');
    await (await fetch(`http://127.0.0.1:${port}/api/health`)).arrayBuffer();
    await expect.poll(() => output, { timeout: 5_000 }).toMatch(/GET \/api\/health/);
    return { output, port };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('the start as a person reads it', () => {
  it('says the demo seeding before it runs, then the demo block, the ready line last, then short request lines', async () => {
    const { output, port } = await demoStartOutput();
    const lines = output.trimEnd().split('\n');
    const index = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const ready = index(/^Coach is running on /);
    expect(index(/^Checking the demo data \(a first start seeds .*about 20 s\)\.\.\.$/)).toBe(
      index(/^Checking the demo data/),
    );
    expect(index(/^Checking the demo data/)).toBeGreaterThanOrEqual(0);
    expect(index(/^Demo data seeded in [\d.]+ s: 23 accounts/)).toBeGreaterThan(
      index(/^Checking the demo data/),
    );
    expect(index(/DEMO ACCOUNTS WITH PUBLISHED PASSWORDS/)).toBeGreaterThan(
      index(/^Demo data seeded/),
    );
    expect(lines[ready]).toBe(
      `Coach is running on http://localhost:${port}: sign in as coach@example.com with the demo password in the README (API docs at /api/docs; services: auth, account, survey, exercise, journey, calendar, device-metrics, analytics, resource)`,
    );
    // After the ready line: only the request's short line, no JSON, no 'Server listening' line.
    expect(lines.slice(ready + 1)).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d {2}GET \/api\/health 200 [\d.]+ ms$/),
    ]);
    expect(output).not.toContain('{"level"');
  });

  it('warns when it has no build of the app to serve', async () => {
    const emptyApp = mkdtempSync(join(tmpdir(), 'coach-no-app-'));
    folders.push(emptyApp);
    const { output } = await demoStartOutput({ STATIC_DIR: emptyApp, DEMO_SEED: '0' });
    expect(output).toContain(`WARNING: ${noAppBuildWarning(join(emptyApp, 'index.html'))}`);
    expect(output).toMatch(
      /^Coach is running on http:\/\/localhost:\d+ \(API docs at \/api\/docs; /m,
    );
  });
});
