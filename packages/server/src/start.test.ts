import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDataDir } from '../test/database.ts';
import { withServerProcess } from '../test/serverProcess.ts';
import { noAppBuildWarning } from './start.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * Runs the server process in demo mode until it is ready, calls it once, and answers its output:
 * on an empty DATA_DIR (a first start), or on a migrated one (a copy of the run's template).
 */
async function demoStartOutput(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'coach-start-')),
): Promise<{ output: string; port: number }> {
  folders.push(dataDir);
  return withServerProcess({ DATA_DIR: dataDir, ...env }, async ({ url, port, output }) => {
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    await expect.poll(output, { timeout: 5_000 }).toMatch(/GET \/api\/health/);
    return { output: output(), port };
  });
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
      `Coach is running on http://localhost:${port}: sign in as coach@example.com with the demo password in the README (API docs at /api/docs; services: auth, account, survey, exercise, journey, calendar, device-metrics, analytics, resource, messaging, notes)`,
    );
    // After the ready line: only the request's short line, no JSON, no 'Server listening' line.
    expect(lines.slice(ready + 1)).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d {2}GET \/api\/health 200 [\d.]+ ms$/),
    ]);
    expect(output).not.toContain('{"level"');
  }, 180_000);

  it('warns when it has no build of the app to serve', async () => {
    const emptyApp = mkdtempSync(join(tmpdir(), 'coach-no-app-'));
    folders.push(emptyApp);
    const { output } = await demoStartOutput(
      { STATIC_DIR: emptyApp, DEMO_SEED: '0' },
      await createTestDataDir(),
    );
    expect(output).toContain(`WARNING: ${noAppBuildWarning(join(emptyApp, 'index.html'))}`);
    expect(output).toMatch(
      /^Coach is running on http:\/\/localhost:\d+ \(API docs at \/api\/docs; /m,
    );
  });
});
