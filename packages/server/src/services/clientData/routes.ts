import type { DateRangeQuery, RouteName } from '@coach/api';
import { type DateRange, dateRangeError } from '@coach/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/index.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import type { PersonRecord } from '../account/persons.ts';
import { requireClientCaller, resolveClientAccess } from '../clientAccess.ts';
import { nowOf, type ServiceContext } from '../context.ts';
import type { WriteOutcome } from './outcome.ts';
import { sendOutcome } from './reply.ts';

/**
 * The route of a client's own write (`name`, with auth): 403 with `forbiddenMessage` to a caller
 * who is not a client; otherwise `write` runs in one transaction at the context's now and its
 * outcome is answered.
 */
export function clientWriteRoute<Body, T>(
  context: ServiceContext,
  name: RouteName,
  forbiddenMessage: string,
  write: (tx: Transaction, caller: PersonRecord, body: Body, now: Date) => Promise<WriteOutcome<T>>,
) {
  return {
    ...contractRoute(name),
    onRequest: context.requireAuth,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await requireClientCaller(context, request, reply, forbiddenMessage);
      if (!caller) return reply;
      const body = request.body as Body;
      const now = nowOf(context);
      const outcome = await context.database.transaction((tx) => write(tx, caller, body, now));
      return sendOutcome(reply, outcome);
    },
  };
}

/**
 * The route of a read over a range of one client's local dates (`name`, with auth, `:clientId`
 * and `from`/`to`), for their coach or the client: the one 404 to anyone else, 400 for a refused
 * range, otherwise what `read` answers at the context's now.
 */
export function clientRangeRoute(
  context: ServiceContext,
  name: RouteName,
  read: (client: PersonRecord, range: DateRange, now: Date) => Promise<unknown>,
) {
  return {
    ...contractRoute(name),
    onRequest: context.requireAuth,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { clientId } = request.params as { clientId: string };
      const access = await resolveClientAccess(context, request, reply, clientId, 'coachOrClient');
      if (!access) return reply;
      const range = request.query as DateRangeQuery;
      const rangeError = dateRangeError(range);
      if (rangeError) return reply.status(400).send(rangeError);
      return read(access.client, range, nowOf(context));
    },
  };
}
