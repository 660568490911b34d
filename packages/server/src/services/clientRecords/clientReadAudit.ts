import { type RouteName, routeCalls } from '@coach/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuditBatch, recordRefusal, sweepOldRefusalsSometimes } from '../../audit.ts';
import { DomainError } from '../../domainError.ts';
import { clientAddressKey } from '../../http/clientAddress.ts';
import { tooManyAttemptsMessage } from '../auth/index.ts';
import type { ServiceContext } from '../core/index.ts';
import { ClientReadBuckets, defaultClientReadLimit } from './clientReadLimit.ts';

/**
 * The calls that read a client's data: every GET at a client's own address (journey, events,
 * answers, exercises, profile, series, activity, reports, the coach's actions) and the clients
 * list, which shows every client's figures. A thread's messages (listMessages), the coach's notes
 * (listNotes) and follow-up (getFollowUp) are among them.
 */
export const clientDataReads: ReadonlySet<string> = new Set(
  (Object.keys(routeCalls) as RouteName[]).filter((name) => {
    const { method, path } = routeCalls[name];
    return method === 'GET' && (path.includes(':clientId') || name === 'listClientSummaries');
  }),
);

/**
 * Reads of a client's data: limited per account, and recorded.
 *
 * The limit: every signed-in read takes one from the account's bucket ({@link ClientReadBuckets},
 * in this process's memory: `context.clientReadLimit`, read per request, or the product's
 * figures), checked once the caller is known and before the read runs. Past it the read is
 * refused, 429 `rate_limited` with Retry-After, and counted with the other throttles' refusals
 * (`recordRefusal`: one row per address, action and hour, and one `rate_limited` log row for the
 * first).
 *
 * The record: who (the caller), whose (the client's person id; none for the list), when, from
 * where, the call and how it ended: 'success', or 'refused' for a client that is not the caller's
 * (403/404). Counted in aggregate by {@link AuditBatch}: one row per reader, outcome, client and
 * hour in `audit_client_reads`, and the first read of each such row in the audit log
 * (`client_data_read`), so that neither grows with the number of reads. Written once the answer has
 * gone, so it costs the answer nothing, with the reads of the next few milliseconds in one
 * statement; the server's close writes what waits. A failed write is logged, never answered.
 * Calls without a valid token are not reads: nothing was read, nothing is limited.
 */
export function registerClientReadAudit(app: FastifyInstance, context: ServiceContext) {
  const { database } = context;
  const batch = new AuditBatch({
    db: database.db,
    organisationId: database.organisationId,
    onError: (reason, rows) => app.log.error({ reason, rows }, 'audit failed'),
  });
  app.addHook('onClose', () => batch.flush());
  const buckets = new ClientReadBuckets();
  function limitRead(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    const { auth } = request;
    if (!auth) return done();
    const limit = context.clientReadLimit ?? defaultClientReadLimit;
    const retryAfterSeconds = buckets.take(auth.userId, limit, performance.now());
    if (retryAfterSeconds === 0) return done();
    refuseRead(request, auth.userId, retryAfterSeconds).then(() => done(), done);
  }
  async function refuseRead(request: FastifyRequest, userId: string, retryAfterSeconds: number) {
    const at = new Date();
    const refusal = {
      organisationId: database.organisationId,
      limitedAction: 'clientRead',
      scope: 'account',
      subject: userId,
      ip: request.ip,
      requestId: request.id,
      retryAfterSeconds,
      at,
    };
    await recordRefusal(database.db, refusal, clientAddressKey(request.ip));
    await sweepOldRefusalsSometimes(database.db, database.organisationId, at);
    throw new DomainError('rate_limited', tooManyAttemptsMessage(retryAfterSeconds), {
      retryAfterSeconds,
    });
  }
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
      actorUserId: request.auth.userId,
      subject: typeof clientId === 'string' ? clientId.slice(0, 64) : null,
      ip: request.ip,
      requestId: request.id,
      outcome,
      details: { route, status },
    });
  }
  // On the reads' routes only: a hook on every route cost every other answer (the health check's
  // included) a call. The limit runs after the route's own hooks, which find the caller.
  app.addHook('onRoute', (route) => {
    const operationId = route.schema?.operationId;
    if (!operationId || !clientDataReads.has(operationId)) return;
    route.onRequest = [...asArray(route.onRequest), limitRead];
    route.onResponse = [...asArray(route.onResponse), recordRead];
  });
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
