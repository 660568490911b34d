import type { DatabaseHandle } from '../../db/index.ts';
import type { AccessTokens } from '../../http/accessTokens.ts';
import { createTokenAuth } from '../../http/authenticate.ts';
import { liveSessionsOf } from './liveSessions.ts';

/**
 * The services' `requireAuth` on `database`: the bearer token checked by http/, the session's
 * life by this service (a prepared statement, which also reads the caller's profile for
 * services/account/caller.ts unless `withProfile` is false; answered from memory on PGlite: see
 * liveSessions.ts). The process that hosts the services wires it into their context.
 */
export function createRequireAuth(
  accessTokens: AccessTokens,
  database: DatabaseHandle,
  { withProfile = true }: { withProfile?: boolean } = {},
) {
  const sessions = liveSessionsOf(database);
  return createTokenAuth(accessTokens, {
    organisationId: database.organisationId,
    signedInUser: async (claims) => {
      const user = await sessions.signedInUser(claims, { withProfile });
      return user && { email: user.email, person: user.person, mustEnrol: user.mustEnrol ?? false };
    },
  });
}
