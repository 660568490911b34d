import { type RouteName, routeCalls } from '@coach/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuditBatch } from '../audit.ts';
import type { DatabaseHandle } from '../db/index.ts';

/**
 * The calls that read a client's data: every GET at a client's own address (journey, events,
 * answers, exercises, profile, series, activity, reports, the coach's actions) and the clients
 * list, which shows every client's figures.
 */
export const clientDataReads: ReadonlySet<string> = new Set(
  (Object.keys(routeCalls) as RouteName[]).filter((name) => {
    const { method, path } = routeCalls[name];
    return method === 'GET' && (path.includes(':clientId') || name === 'listClientSummaries');
  }),
);

/**
 * Records every signed-in read of a client's data in the audit log (`client_data_read`): who (the
 * caller), whose (the client's person id; none for the list), when, from where, the call and how
 * it ended: 'success', or 'refused' for a client that is not the caller's (403/404). Written once
 * the answer has gone, so it costs the answer nothing, and with the reads of the next few
 * milliseconds in one INSERT ({@link AuditBatch}: a coach's every call reads a client's data, and
 * a row a call cost a round trip a call); the server's close writes what waits. A failed write
 * is logged, never answered. Calls without a valid token are not reads: nothing was read.
 */
export function registerClientReadAudit(app: FastifyInstance, database: DatabaseHandle) {
  const batch = new AuditBatch({
    db: database.db,
    organisationId: database.organisationId,
    onError: (reason, rows) => app.log.error({ reason, rows }, 'audit failed'),
  });
  app.addHook('onClose', () => batch.flush());
  function recordRead(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    try {
      addRead(request, reply);
    } finally {
      done();
    }
  }
  function addRead(request: FastifyRequest, reply: FastifyReply) {
    if (!request.auth) return;
    const route = request.routeOptions.schema?.operationId ?? '';
    const status = reply.statusCode;
    const outcome = status < 400 ? 'success' : status === 403 || status === 404 ? 'refused' : null;
    if (!outcome) return;
    // Read, not trusted: a refused call's parameters may be anything.
    const params: unknown = request.params;
    const clientId =
      typeof params === 'object' && params !== null && 'clientId' in params
        ? params.clientId
        : undefined;
    batch.add({
      action: 'client_data_read',
      actorUserId: request.auth.userId,
      subject: typeof clientId === 'string' ? clientId.slice(0, 64) : null,
      ip: request.ip,
      requestId: request.id,
      outcome,
      details: { route, status },
    });
  }
  // On the reads' routes only: a hook on every route cost every other answer (the health check's
  // included) a call.
  app.addHook('onRoute', (route) => {
    const operationId = route.schema?.operationId;
    if (!operationId || !clientDataReads.has(operationId)) return;
    const own = route.onResponse;
    route.onResponse = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), recordRead];
  });
}
