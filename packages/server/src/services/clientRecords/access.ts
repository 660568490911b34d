import { messages } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domainError.ts';
import { findCaller, findPathPerson } from '../account/index.ts';
import type { PersonRecord, ServiceContext } from '../core/index.ts';

/** The one refusal of every per-client call: the same 404 for any id the caller may not reach. */
export function clientNotFound(): DomainError {
  return new DomainError('not_found', messages.clientNotFound);
}

/** Whether `client` is a client (type user) coached by `caller`, a coach. */
function isCoachOf(caller: PersonRecord, client: PersonRecord): boolean {
  return caller.type === 'coach' && client.type === 'user' && client.coachPersonId === caller.id;
}

/** Who may reach a client's data: their coach only, or their coach and the client themself. */
export type ClientAudience = 'coach' | 'coachOrClient';

/** The caller and the client they may reach. */
export type ClientAccess = { caller: PersonRecord; client: PersonRecord };

/**
 * The caller's profile and the client `clientId`, when the caller may reach that client:
 * their coach, or (audience 'coachOrClient') the client themself. Otherwise throws the one
 * {@link clientNotFound} (nothing tells whether the id exists).
 */
export async function resolveClientAccess(
  context: ServiceContext,
  request: FastifyRequest,
  clientId: string,
  audience: ClientAudience,
): Promise<ClientAccess> {
  const { database, organisationId } = context;
  const caller = await findCaller(database.db, organisationId, request);
  const client = caller
    ? caller.id === clientId
      ? caller
      : await findPathPerson(database.db, organisationId, request, clientId)
    : undefined;
  const allowed =
    caller !== undefined &&
    client !== undefined &&
    client.type === 'user' &&
    (isCoachOf(caller, client) || (audience === 'coachOrClient' && caller.id === client.id));
  if (!allowed) throw clientNotFound();
  return { caller, client };
}

/**
 * The caller's profile when the caller is a client (type 'user'), for the calls of the clients'
 * own app; otherwise throws 'forbidden' with `message`.
 */
export async function requireClientCaller(
  context: ServiceContext,
  request: FastifyRequest,
  message: string,
): Promise<PersonRecord> {
  const caller = await findCaller(context.database.db, context.organisationId, request);
  if (caller?.type !== 'user') throw new DomainError('forbidden', message);
  return caller;
}

/**
 * Whose records the caller's own on the client are (a coach's notes, follow-ups, reports): the
 * organisation, the client, and the caller, their coach.
 */
export function coachOwnerOf({ caller, client }: ClientAccess) {
  return { organisationId: client.organisationId, clientId: client.id, coachId: caller.id };
}
