import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import type { ServerConfig } from '../config.ts';

// HSTS only means something over HTTPS: the header is sent when the request came over HTTPS,
// which behind a TLS-terminating proxy Fastify learns from X-Forwarded-Proto, believed only from
// a configured proxy (TRUST_PROXY).

const config: ServerConfig = {
  port: 0,
  host: '127.0.0.1',
  staticDir: null,
  isFrontendCspStrict: true,
};
const servers: { close(): Promise<unknown> }[] = [];

async function healthHeaders(
  trustProxy: ServerConfig['trustProxy'],
  headers: Record<string, string> = {},
) {
  const app = await buildServer({ ...config, trustProxy });
  servers.push(app);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const response = await fetch(`${baseUrl}/api/health`, { headers });
  expect(response.status).toBe(200);
  return response.headers;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('Strict-Transport-Security', () => {
  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const headers = await healthHeaders(['127.0.0.1'], { 'x-forwarded-proto': 'https' });
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent over plain HTTP', async () => {
    const headers = await healthHeaders(['127.0.0.1'], { 'x-forwarded-proto': 'http' });
    expect(headers.get('strict-transport-security')).toBeNull();
    expect((await healthHeaders(false)).get('strict-transport-security')).toBeNull();
  });

  it('is not sent on the word of a caller that is no trusted proxy', async () => {
    const headers = await healthHeaders(false, { 'x-forwarded-proto': 'https' });
    expect(headers.get('strict-transport-security')).toBeNull();
  });
});
