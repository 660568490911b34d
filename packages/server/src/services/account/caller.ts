import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.ts';
import type { PersonRecord } from '../core/index.ts';
import { findPersonById, findPersonByUserId } from './store.ts';

declare module '../../http/authenticate.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface Caller {
    /**
     * The caller's profile as the session check read it, in the same statement as the session
     * (services/auth/liveSessions.ts): null when the user has none, undefined when the check was
     * answered without reading it (a session PGlite's memory knew).
     */
    person?: PersonRecord | null;
    /**
     * The person of the call's `:clientId` as the session check read it, in the same statement
     * (null: no such person in the organisation); undefined when it was not read. Only what the
     * call would read next: whether the caller may reach that person is still for the call to
     * decide (services/clientRecords/access.ts).
     */
    pathClient?: { id: string; person: PersonRecord | null };
  }
}

/**
 * The signed-in caller's profile: the one read with the session check when it was (every
 * authenticated call on PostgreSQL, so no second round trip), otherwise read now. Undefined when
 * the user has no profile or the request is not authenticated.
 */
export async function findCaller(
  db: Database,
  organisationId: string,
  request: FastifyRequest,
): Promise<PersonRecord | undefined> {
  const auth = request.auth;
  if (!auth) return undefined;
  if (auth.person !== undefined) return auth.person ?? undefined;
  return findPersonByUserId(db, organisationId, auth.userId);
}

/**
 * The person `personId` of the caller's organisation: the one the session check read with the
 * session when it is the call's `:clientId` (no second round trip), otherwise read now.
 */
export async function findPathPerson(
  db: Database,
  organisationId: string,
  request: FastifyRequest,
  personId: string,
): Promise<PersonRecord | undefined> {
  const read = request.auth?.pathClient;
  if (read?.id === personId) return read.person ?? undefined;
  return findPersonById(db, organisationId, personId);
}
