import type { FastifyInstance } from 'fastify';
import type { AdmissionGate } from '../http/admissionGate.ts';
import { type HealthBody, healthRouteSchema } from '../openapi.ts';

/**
 * `GET /api/health`, answered from memory: how busy the admission gate is, for monitoring.
 * Saturated (its queue full, or a request waiting for seconds), it answers 503 so that a load
 * balancer sends new clients elsewhere; sign-ins alone never make it so (a password spray must
 * not take the server out of rotation).
 */
export function registerHealth(app: FastifyInstance, admission: AdmissionGate) {
  app.get('/api/health', { schema: healthRouteSchema }, async (_request, reply) => {
    const { isSaturated, ...state } = admission.state();
    if (!isSaturated) return { status: 'ok', admission: state } satisfies HealthBody;
    reply.status(503).header('Retry-After', '1');
    return {
      status: 'degraded',
      error: 'service_unavailable',
      message: 'The server is saturated, please try again shortly',
      admission: state,
    } satisfies HealthBody;
  });
}
