import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withServerProcess } from '../test/serverProcess.ts';
import { noAppBuildWarning } from './start.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs the server process in demo mode until it is ready, calls it once, and answers its output. */
async function demoStartOutput(
  env: Record<string, string> = {},
): Promise<{ output: string; port: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coach-start-'));
  folders.push(dataDir);
  return withServerProcess({ DATA_DIR: dataDir, ...env }, async ({ url, port, output }) => {
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    await expect.poll(output, { timeout: 5_000 }).toMatch(/GET \/api\/health/);
    return { output: output(), port };
  });
}

// The first start that seeds the whole demo is startDemo.test.ts (the thorough tier).
describe('the start as a person reads it', () => {
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
