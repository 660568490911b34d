import type { DatabaseHandle } from '../../db/index.ts';
import type { AccessTokens } from '../../http/accessTokens.ts';
import { createTokenAuth } from '../../http/authenticate.ts';
import { liveSessionsOf } from './liveSessions.ts';

/**
 * The services' `requireAuth` on `database`: the bearer token checked by http/, the session's
 * life by this service (a prepared statement, which also reads the caller's profile for
 * services/account/caller.ts unless `withProfile` is false, and on a call at a client's address
 * that client's; answered from memory on PGlite: see liveSessions.ts). The process that hosts the
 * services wires it into their context.
 */
export function createRequireAuth(
  accessTokens: AccessTokens,
  database: DatabaseHandle,
  { withProfile = true }: { withProfile?: boolean } = {},
) {
  const sessions = liveSessionsOf(database);
  return createTokenAuth(accessTokens, {
    organisationId: database.organisationId,
    signedInUser: async (claims, request) => {
      // Read, not trusted: the route's parameters are not yet validated.
      const params: unknown = request.params;
      const clientId =
        typeof params === 'object' && params !== null && 'clientId' in params
          ? params.clientId
          : undefined;
      const user = await sessions.signedInUser(claims, {
        withProfile,
        ...(typeof clientId === 'string' ? { clientId } : {}),
      });
      return (
        user && {
          email: user.email,
          person: user.person,
          pathClient: user.pathClient,
          mustEnrol: user.mustEnrol ?? false,
        }
      );
    },
  });
}
