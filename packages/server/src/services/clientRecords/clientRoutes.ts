import type { ClientIdParams, DateRangeQuery } from '@coach/api';
import { type DateRange, dateRangeError } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { RouteHook } from '../../http/contractRoute.ts';
import type { PersonRecord, ServiceContext } from '../core/index.ts';
import { nowOf } from '../core/index.ts';
import {
  type ClientAccess,
  type ClientAudience,
  requireClientCaller,
  resolveClientAccess,
} from './access.ts';
import { answerStored, writeClientRecord } from './clientWrite.ts';
import type { Charges, ClientWriteKind } from './quotas.ts';
import type { StoredWrite } from './storedWrite.ts';

// The two shapes most client-record routes share, as handlers for `contractRoute(name, ...)`:
// the contract route's own request, reply and answer types are checked against them where they
// are used, so a callback that takes another body or answers another type does not compile.

/** The handlers of a client's own write, answering `T` with 201 (new) or 200 (a retry). */
export type ClientWriteHandlers<Body, T> = {
  onRequest: RouteHook;
  handler: (
    request: FastifyRequest & { body: Body },
    reply: { status: (code: 200 | 201) => unknown },
  ) => Promise<T>;
};

/** How a client's write counts against their quotas: its kind, and what it stored by day. */
export type WriteQuota<Body, T> = {
  kind: ClientWriteKind;
  /** What the write stored, for the daily ceilings (nothing for a retry). */
  charges: (body: Body, stored: StoredWrite<T>) => Charges;
};

/**
 * A client's own write (with auth) through the write path: 403 with `forbiddenMessage` to a
 * caller who is not a client; 429 past the client's rate of `quota.kind`; otherwise `write` runs
 * in one transaction, and what it stored is charged to the client's daily ceilings in it (429
 * past one, the transaction rolled back), then answered with 201, or 200 when the same id had
 * been stored before (a retry).
 */
export function clientWriteHandlers<Body, T>(
  context: ServiceContext,
  forbiddenMessage: string,
  quota: WriteQuota<Body, T>,
  write: (tx: Transaction, caller: PersonRecord, body: Body, now: Date) => Promise<StoredWrite<T>>,
): ClientWriteHandlers<Body, T> {
  return {
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const caller = await requireClientCaller(context, request, forbiddenMessage);
      const stored = await writeClientRecord(context, request, {
        client: caller,
        quota: { kind: quota.kind, payer: caller },
        store: async ({ tx, now, charge }) => {
          const result = await write(tx, caller, request.body, now);
          await charge(quota.charges(request.body, result));
          return result;
        },
        // A retry that changed nothing changes no figure.
        changed: (result) => result.isNew || result.isUpdate === true,
        notice: 'figures',
      });
      return answerStored(reply, stored);
    },
  };
}

/** The handlers of a call at one client's address (`:clientId`), answering `T`. */
export type ClientHandlers<Request, T, Reply> = {
  onRequest: RouteHook;
  handler: (request: Request, reply: Reply) => Promise<T>;
};

/**
 * A call at one client's address (with auth and `:clientId`), for the `audience`: the one 404 to
 * anyone else, otherwise what `handle` answers with the caller and the client.
 */
export function clientHandlers<
  Request extends FastifyRequest<{ Params: ClientIdParams }>,
  T,
  Reply = unknown,
>(
  context: ServiceContext,
  audience: ClientAudience,
  handle: (request: Request, access: ClientAccess, reply: Reply) => Promise<T>,
): ClientHandlers<Request, T, Reply> {
  return {
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const access = await resolveClientAccess(context, request, request.params.clientId, audience);
      return handle(request, access, reply);
    },
  };
}

/** The handlers of a read over a range of one client's local dates, answering `T`. */
export type ClientRangeHandlers<T> = ClientHandlers<
  FastifyRequest<{ Params: ClientIdParams; Querystring: DateRangeQuery }>,
  T,
  unknown
>;

/**
 * A read over a range of one client's local dates (with auth, `:clientId` and `from`/`to`), for
 * the `audience`: the one 404 to anyone else, 400 'invalid_range' for a refused range, otherwise
 * what `read` answers at the context's now.
 */
export function clientRangeHandlers<T>(
  context: ServiceContext,
  audience: ClientAudience,
  read: (client: PersonRecord, range: DateRange, now: Date) => Promise<T>,
): ClientRangeHandlers<T> {
  return clientHandlers(context, audience, async ({ query: range }, { client }) => {
    checkDateRange(range);
    return read(client, range, nowOf(context));
  });
}

/** Throws 'invalid_range' when the range is refused (see `dateRangeError`). */
function checkDateRange(range: DateRange): void {
  const refusal = dateRangeError(range);
  if (refusal) throw new DomainError(refusal.error, refusal.message);
}
