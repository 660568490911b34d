import { routes } from '@coach/api';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where the OpenAPI document and its browsable UI are served. */
export const openApiJsonPath = '/api/openapi.json';
export const openApiDocsPath = '/api/docs';

/** Binary request bodies by operation id, from the contract (JSON bodies come from schemas). */
const binaryBodies = new Map<string, readonly string[]>(
  Object.entries(routes).flatMap(([name, route]) =>
    'requestContentTypes' in route ? [[name, route.requestContentTypes] as const] : [],
  ),
);

/** How busy the admission gate is (see http/admissionGate.ts). */
const admissionSchema = {
  type: 'object',
  description:
    'API requests at work and waiting for a turn, with the most at work at once; sign-ins ' +
    '(login, password reset, invite check and acceptance) have a share of their own.',
  properties: {
    atWork: { type: 'integer', minimum: 0 },
    waiting: { type: 'integer', minimum: 0 },
    max: { type: 'integer', minimum: 1 },
    signIn: {
      type: 'object',
      properties: {
        atWork: { type: 'integer', minimum: 0 },
        waiting: { type: 'integer', minimum: 0 },
        max: { type: 'integer', minimum: 1 },
      },
      required: ['atWork', 'waiting', 'max'],
      additionalProperties: false,
    },
  },
  required: ['atWork', 'waiting', 'max', 'signIn'],
  additionalProperties: false,
} as const;

/** What `/api/health` answers: ok, or degraded (503) while the admission gate is saturated. */
export type HealthBody =
  | { status: 'ok'; admission: HealthAdmission }
  | {
      status: 'degraded';
      error: 'service_unavailable';
      message: string;
      admission: HealthAdmission;
    };

type HealthAdmission = {
  atWork: number;
  waiting: number;
  max: number;
  signIn: { atWork: number; waiting: number; max: number };
};

/** `/api/health`: outside the contract (no service owns it), documented here. */
export const healthRouteSchema = {
  operationId: 'health',
  summary: 'Whether the server is up, and how busy',
  description:
    'Answered from memory, never queued. 503 while the server is saturated: its queue of ' +
    'requests is full or one has waited for seconds (sign-ins alone never make it so).',
  tags: ['health'],
  security: [],
  response: {
    200: {
      type: 'object',
      properties: { status: { type: 'string', const: 'ok' }, admission: admissionSchema },
      required: ['status', 'admission'],
      additionalProperties: false,
    },
    503: {
      type: 'object',
      properties: {
        status: { type: 'string', const: 'degraded' },
        error: { type: 'string', const: 'service_unavailable' },
        message: { type: 'string' },
        admission: admissionSchema,
      },
      required: ['status', 'error', 'message', 'admission'],
      additionalProperties: false,
    },
  },
} as const;

/**
 * Registers the OpenAPI document, generated from the schemas of the routes registered after this
 * call (which come from the contract), at `/api/openapi.json`, and Swagger UI at `/api/docs`.
 * Call it before the services are registered.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Coach platform API',
        version: '0.1.0',
        description:
          'The services of the Coach platform, each under /api/<service>. Errors are JSON ' +
          '{ "error": code, "message": text }. Signed-in calls carry Authorization: Bearer <accessToken>.',
      },
      // Relative: the paths are those of the server that serves this document, wherever it runs.
      servers: [{ url: '/', description: 'The server serving this document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Upload routes take raw image bytes or a multipart form: documented from the contract.
    transform: ({ schema, url }) => {
      const operationId = (schema as { operationId?: string } | undefined)?.operationId;
      const contentTypes = operationId ? binaryBodies.get(operationId) : undefined;
      if (!schema || !contentTypes) return { schema, url };
      const binary = { type: 'string', format: 'binary' };
      const content = Object.fromEntries([
        ...contentTypes.map((type) => [type, { schema: binary }]),
        ['application/octet-stream', { schema: binary }],
        [
          'multipart/form-data',
          { schema: { type: 'object', properties: { file: binary }, required: ['file'] } },
        ],
      ]);
      return { schema: { ...schema, body: { content } }, url } as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: openApiDocsPath });
  app.get(openApiJsonPath, { schema: { hide: true } }, async () => app.swagger());
}
