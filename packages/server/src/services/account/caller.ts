import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.ts';
import type { PersonRecord } from '../core/index.ts';
import { findPersonByUserId } from './store.ts';

declare module '../../http/authenticate.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface Caller {
    /**
     * The caller's profile as the session check read it, in the same statement as the session
     * (services/auth/liveSessions.ts): null when the user has none, undefined when the check was
     * answered without reading it (a session PGlite's memory knew).
     */
    person?: PersonRecord | null;
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
