import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccessClaims, AccessTokenError, type AccessTokens } from './accessTokens.ts';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface.
  interface FastifyRequest {
    /** Set by `requireAuth` on routes that need a signed-in caller. */
    auth: AccessClaims | null;
  }
}

/**
 * A preHandler that lets only callers with a valid bearer access token of this organisation
 * through and puts their claims on `request.auth`. Anything else is a 401 JSON error, which the
 * app's client answers with one refresh.
 */
export function createRequireAuth(tokens: AccessTokens, organisationId: string) {
  return async function requireAuth(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([^\s]+)$/i.exec(header) : null;
    if (!match?.[1]) {
      return reply.status(401).send({ error: 'unauthorized', message: 'Authentication required' });
    }
    try {
      const claims = await tokens.verify(match[1]);
      if (claims.organisationId !== organisationId) throw new AccessTokenError('invalid');
      request.auth = claims;
    } catch (error) {
      const reason = error instanceof AccessTokenError ? error.reason : 'invalid';
      return reply.status(401).send({
        error: reason === 'expired' ? 'token_expired' : 'invalid_token',
        message: reason === 'expired' ? 'Access token expired' : 'Invalid access token',
      });
    }
  };
}
