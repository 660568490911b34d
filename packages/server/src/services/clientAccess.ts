import { messages } from '@coach/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findPersonById, findPersonByUserId, type PersonRecord } from './account/persons.ts';
import type { ServiceContext } from './context.ts';

/** The one 404 of every per-client call: the same for any id the caller may not reach. */
export const clientNotFound = { error: 'not_found', message: messages.clientNotFound } as const;

/** Whether `client` is a client (type user) coached by `caller`, a coach. */
export function isCoachOf(caller: PersonRecord, client: PersonRecord): boolean {
  return caller.type === 'coach' && client.type === 'user' && client.coachPersonId === caller.id;
}

/** Who may reach a client's data: their coach only, or their coach and the client themself. */
export type ClientAudience = 'coach' | 'coachOrClient';

/** The caller and the client they may reach. */
export type ClientAccess = { caller: PersonRecord; client: PersonRecord };

/**
 * The caller's profile and the client `clientId`, when the caller may reach that client:
 * their coach, or (audience 'coachOrClient') the client themself. Otherwise answers the one 404
 * (nothing tells whether the id exists) and returns null.
 */
export async function resolveClientAccess(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: string,
  audience: ClientAudience,
): Promise<ClientAccess | null> {
  const { database, organisationId } = context;
  const caller = await findPersonByUserId(database.db, organisationId, request.auth?.userId ?? '');
  const client = caller
    ? caller.id === clientId
      ? caller
      : await findPersonById(database.db, organisationId, clientId)
    : undefined;
  const allowed =
    caller !== undefined &&
    client !== undefined &&
    client.type === 'user' &&
    (isCoachOf(caller, client) || (audience === 'coachOrClient' && caller.id === client.id));
  if (!allowed) {
    await reply.status(404).send(clientNotFound);
    return null;
  }
  return { caller, client };
}

/**
 * The caller's profile when the caller is a client (type 'user'); otherwise answers 403 with
 * `message` and returns null. For the calls of the clients' own app.
 */
export async function requireClientCaller(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  message: string,
): Promise<PersonRecord | null> {
  const caller = await findPersonByUserId(
    context.database.db,
    context.organisationId,
    request.auth?.userId ?? '',
  );
  if (caller?.type !== 'user') {
    await reply.status(403).send({ error: 'forbidden', message });
    return null;
  }
  return caller;
}
