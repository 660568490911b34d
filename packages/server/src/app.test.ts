import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { readConfig } from './config.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'coach-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Coach</title>');

let baseUrl = '';
const app = await buildServer({ port: 0, host: '127.0.0.1', staticDir, isFrontendCspStrict: true });

beforeAll(async () => {
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('server over real HTTP', () => {
  it('answers the health check with no-store and security headers', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await fetch(`${baseUrl}/api/nothing-here?x=1`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'No route for /api/nothing-here',
    });
  });

  it('serves the single page for client-side routes', async () => {
    const response = await fetch(`${baseUrl}/clients/42`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<title>Coach</title>');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('readConfig', () => {
  it('defaults to port 8080', () => {
    expect(readConfig({}).port).toBe(8080);
  });

  it('stops with a clear message on a bad port', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(
      "PORT must be an integer between 0 and 65535, got 'eighty'",
    );
  });

  it('stops with a clear message when STATIC_DIR is missing', () => {
    expect(() => readConfig({ STATIC_DIR: '/no/such/folder' })).toThrow(
      "STATIC_DIR '/no/such/folder' does not exist",
    );
  });
});
