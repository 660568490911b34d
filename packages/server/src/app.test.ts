import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { defaultStaticDir, readConfig } from './config.ts';

// A stand-in for the app's build: index.html, a hashed asset, a translation file.
const staticDir = mkdtempSync(join(tmpdir(), 'coach-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Coach</title>');
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'assets', 'index-Ab12Cd34.js'), 'export {};');
mkdirSync(join(staticDir, 'locales', 'en-US'), { recursive: true });
writeFileSync(join(staticDir, 'locales', 'en-US', 'translation.json'), '{"app":{"name":"Coach"}}');

let baseUrl = '';
const app = await buildServer({ port: 0, host: '127.0.0.1', staticDir, isFrontendCspStrict: true });

beforeAll(async () => {
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('server over real HTTP', () => {
  it('answers the health check with no-store and security headers', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      admission: { atWork: 0, waiting: 0, max: 10, signIn: { atWork: 0, waiting: 0, max: 3 } },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // An API answer is never a page: nothing loads from it, nothing frames it.
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
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
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves index.html at the root under the strict CSP, revalidated on every use', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Coach</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Chakra (emotion) injects style elements at run time.
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await fetch(`${baseUrl}/assets/index-Ab12Cd34.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the translations on every use', async () => {
    const response = await fetch(`${baseUrl}/locales/en-US/translation.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ app: { name: 'Coach' } });
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing hashed asset with a 404, not the single page', async () => {
    const response = await fetch(`${baseUrl}/assets/index-Old00000.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('answers /api itself and a POST to an app route with a JSON 404', async () => {
    expect((await fetch(`${baseUrl}/api`)).status).toBe(404);
    const response = await fetch(`${baseUrl}/clients`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
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

  it('serves the app build by default once it is built, under the strict CSP', () => {
    const config = readConfig({});
    expect(defaultStaticDir).toMatch(/packages[\\/]app[\\/]dist$/);
    expect(config.staticDir).toBe(
      existsSync(join(defaultStaticDir, 'index.html')) ? defaultStaticDir : null,
    );
    expect(config.isFrontendCspStrict).toBe(true);
    expect(readConfig({ STATIC_DIR: staticDir }).staticDir).toBe(staticDir);
  });

  it('reads the access-token lifetime, 900 s by default and at most 900', () => {
    expect(readConfig({}).accessTokenTtlSeconds).toBe(900);
    expect(readConfig({ ACCESS_TOKEN_TTL_SECONDS: '5' }).accessTokenTtlSeconds).toBe(5);
    for (const value of ['0', '901', '1.5', 'soon']) {
      expect(() => readConfig({ ACCESS_TOKEN_TTL_SECONDS: value })).toThrow(
        `ACCESS_TOKEN_TTL_SECONDS must be a whole number of seconds from 1 to 900, got '${value}'`,
      );
    }
  });

  it('stops with a clear message when STATIC_DIR is missing', () => {
    expect(() => readConfig({ STATIC_DIR: '/no/such/folder' })).toThrow(
      "STATIC_DIR '/no/such/folder' does not exist",
    );
  });
});
