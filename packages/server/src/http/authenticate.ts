import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/index.ts';
import { liveSessionsOf } from '../services/auth/liveSessions.ts';
import { type AccessClaims, AccessTokenError, type AccessTokens } from './accessTokens.ts';

/** Who `requireAuth` let through: the token's claims and the user's email from the session check. */
export type Caller = AccessClaims & { email: string };

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface.
  interface FastifyRequest {
    /** Set by `requireAuth` on routes that need a signed-in caller. */
    auth: Caller | null;
  }
}

/**
 * A preHandler that lets only callers with a valid bearer access token of this organisation, whose
 * session is still live, through and puts their claims (and email) on `request.auth`. Anything
 * else is a 401 JSON error, which the app's client answers with one refresh. The session check
 * (one prepared statement, answered from memory on PGlite: see liveSessions.ts) is what ends a
 * token at logout, password reset or refresh-token reuse rather than at its expiry.
 */
export function createRequireAuth(tokens: AccessTokens, database: DatabaseHandle) {
  const { organisationId } = database;
  const sessions = liveSessionsOf(database);
  return async function requireAuth(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([^\s]+)$/i.exec(header) : null;
    if (!match?.[1]) {
      return reply.status(401).send({ error: 'unauthorized', message: 'Authentication required' });
    }
    let claims: AccessClaims;
    try {
      claims = await tokens.verify(match[1]);
      if (claims.organisationId !== organisationId) throw new AccessTokenError('invalid');
    } catch (error) {
      const reason = error instanceof AccessTokenError ? error.reason : 'invalid';
      return reply.status(401).send({
        error: reason === 'expired' ? 'token_expired' : 'invalid_token',
        message: reason === 'expired' ? 'Access token expired' : 'Invalid access token',
      });
    }
    // Outside the try: a database failure is a 500, not a reason to sign the caller out.
    const user = await sessions.signedInUser(claims);
    if (!user) {
      return reply
        .status(401)
        .send({ error: 'invalid_token', message: 'Your session has ended, please sign in again' });
    }
    request.auth = { ...claims, email: user.email };
  };
}
