import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
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

  it("passes Redocly's recommended lint: no error, and no warning but the one explained", async () => {
    const source = await (await fetch(`${server.baseUrl}/api/openapi.json`)).text();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, config });
    const found = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
    );
    // The API is not published under a licence, so there is none to name; the health check
    // answers 200 or nothing, so it has no 4xx answer to document.
    expect(found).toEqual([
      'warn info-license #/info: Info object should contain `license` field.',
      'warn operation-4xx-response #/paths/~1api~1health/get/responses: ' +
        'Operation must have at least one `4XX` response.',
    ]);
  });

  it('turns into strict-clean TypeScript with openapi-typescript', async () => {
    const document = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    const types = astToString(await openapiTS(document));
    const dir = await mkdtemp(join(tmpdir(), 'coach-openapi-ts-'));
    try {
      await writeFile(join(dir, 'schema.ts'), types);
      // A third party's use of the types: the login call's body and a person's answer.
      await writeFile(
        join(dir, 'use.ts'),
        [
          "import type { paths } from './schema.ts';",
          "type Login = paths['/api/auth/login']['post']['requestBody'];",
          "type Person = paths['/api/account/persons/{id}']['get']['responses'][200];",
          'export type Used = [Login, Person];',
        ].join('\n'),
      );
      const tsconfig = {
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          allowImportingTsExtensions: true,
          noEmit: true,
          module: 'esnext',
          moduleResolution: 'bundler',
          target: 'es2023',
          types: [],
        },
        files: ['schema.ts', 'use.ts'],
      };
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
      // The repository's own compiler (TypeScript 7), not the TypeScript 5 openapi-typescript uses.
      const tsc = join(import.meta.dirname, '../../../node_modules/typescript/bin/tsc');
      const result = await promisify(execFile)(process.execPath, [tsc, '-p', dir]).catch(
        (error: { stdout?: string; code?: number }) => ({ stdout: error.stdout, code: error.code }),
      );
      expect(result.stdout).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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
