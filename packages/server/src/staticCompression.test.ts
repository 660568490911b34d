import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';

// A stand-in for the app's build as it writes it: every text file with a .br and a .gz beside it,
// except the favicon (a file without compressed forms must still be served).
const files = {
  'index.html': `<!doctype html><title>Coach</title>${'<p>filler</p>'.repeat(50)}`,
  'assets/index-Ab12Cd34.js': `export const words = ${JSON.stringify('coach '.repeat(200))};`,
  'locales/en-US/translation.json': JSON.stringify({ app: { name: 'Coach'.repeat(40) } }),
};
const staticDir = mkdtempSync(join(tmpdir(), 'coach-static-compressed-'));
mkdirSync(join(staticDir, 'assets'));
mkdirSync(join(staticDir, 'locales', 'en-US'), { recursive: true });
for (const [name, text] of Object.entries(files)) {
  const path = join(staticDir, name);
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}
writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const app = await buildServer({ port: 0, host: '127.0.0.1', staticDir, isFrontendCspStrict: true });
let port = 0;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await app.close();
  rmSync(staticDir, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET as a browser sends it, the answer's bytes as they came over the wire (not decoded). */
function get(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const varies = (answer: RawAnswer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('compressed static files', () => {
  it('sends a hashed asset as brotli to a browser that accepts it, still immutable', async () => {
    const answer = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(answer)).toBe(true);
    expect(brotliDecompressSync(answer.body).toString()).toBe(files['assets/index-Ab12Cd34.js']);
    expect(answer.body.byteLength).toBeLessThan(files['assets/index-Ab12Cd34.js'].length);
  });

  it('sends gzip to a browser without brotli', async () => {
    const answer = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(answer)).toBe(true);
    expect(gunzipSync(answer.body).toString()).toBe(files['assets/index-Ab12Cd34.js']);
  });

  it('sends the file itself to a client that accepts no compression, saying it varies', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const answer = await get('/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body.toString()).toBe(files['assets/index-Ab12Cd34.js']);
      expect(varies(answer)).toBe(true);
    }
  });

  it('compresses the page at the root and on client-side routes, revalidated on every use', async () => {
    for (const path of ['/', '/clients/42']) {
      const answer = await get(path, 'br, gzip');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(varies(answer)).toBe(true);
      expect(brotliDecompressSync(answer.body).toString()).toBe(files['index.html']);
    }
  });

  it('compresses the translations, revalidated on every use', async () => {
    const answer = await get('/locales/en-US/translation.json', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual(
      JSON.parse(files['locales/en-US/translation.json']),
    );
  });

  it('sends a file that has no compressed form as it is', async () => {
    const answer = await get('/favicon.svg', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toContain('image/svg+xml');
    expect(answer.body.toString()).toContain('<svg');
  });

  it('answers a missing hashed asset with a 404 whatever the encoding, not the page', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const answer = await get('/assets/index-Old00000.js', acceptEncoding);
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toContain('application/json');
    }
  });
});
