import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/testServer.ts';
import { buildServer } from './app.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown }>>;
};

describe('OpenAPI', () => {
  it('serves a document generated from the registered routes at /api/openapi.json', async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/auth/login']?.post?.operationId).toBe('login');
    expect(Object.keys(document.paths['/api/account/persons/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put']),
    );
    expect(document.paths['/api/account/persons']?.get?.operationId).toBe('listPersons');
    const picture = document.paths['/api/resource/profilePicture/{id}'] ?? {};
    expect(Object.keys(picture)).toEqual(expect.arrayContaining(['get', 'put']));
    expect(JSON.stringify(picture.put?.requestBody)).toContain('multipart/form-data');
  });

  it('serves Swagger UI at /api/docs with a CSP relaxed for it alone', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('swagger');
    expect(response.headers.get('content-security-policy')).toContain("'unsafe-inline'");
    const api = await fetch(`${server.baseUrl}/api/health`);
    expect(api.headers.get('content-security-policy')).not.toContain(
      "script-src 'self' 'unsafe-inline'",
    );
  });
});

describe('CORS', () => {
  it('answers only the configured origins', async () => {
    const app = await buildServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: null,
      isFrontendCspStrict: true,
      corsOrigins: ['https://coach.example.com'],
    });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const allowed = await fetch(`${baseUrl}/api/health`, {
        headers: { origin: 'https://coach.example.com' },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://coach.example.com');
      const preflight = await fetch(`${baseUrl}/api/health`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://coach.example.com',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'authorization',
      );
      const other = await fetch(`${baseUrl}/api/health`, {
        headers: { origin: 'https://evil.example.com' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('sends no CORS headers when no origin is configured', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`, {
      headers: { origin: 'https://coach.example.com' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
