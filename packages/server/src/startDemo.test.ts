import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withServerProcess } from '../test/serverProcess.ts';

// The product's first start in demo mode, as a person reads it: the whole demo is seeded (its
// slowest start, about 25 s on two cores), so this file runs in the thorough tier
// (`npm run test:thorough`, part of `npm run test:all`); start.test.ts keeps the start without
// seeding in `npm test`.

const dataDir = mkdtempSync(join(tmpdir(), 'coach-start-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the first start in demo mode as a person reads it', () => {
  it('says the demo seeding before it runs, then the demo block, the ready line last, then short request lines', async () => {
    const { output, port } = await withServerProcess(
      { DATA_DIR: dataDir },
      async ({ url, port, output }) => {
        await (await fetch(`${url}/api/health`)).arrayBuffer();
        await expect.poll(output, { timeout: 5_000 }).toMatch(/GET \/api\/health/);
        return { output: output(), port };
      },
    );
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
  });
});
