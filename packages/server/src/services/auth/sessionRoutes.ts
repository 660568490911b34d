import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../../http/accessTokens.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import type { ServiceContext } from '../core/index.ts';
import { rememberBrowser } from './factors/knownBrowsers.ts';
import { signIn } from './login.ts';
import { type AuthRouteDeps, claimsOf, metaOf } from './routeDeps.ts';
import { logout, refreshSession } from './sessions.ts';
import { failedSignInOutcome, signInMetrics } from './signInMetrics.ts';
import { listVisibleUsers } from './users.ts';

/** Sign-in, the session's refresh and logout, the current session and the users a caller sees. */
export function sessionRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps, mail, requireSession } = auth;
  const { db } = context.database;
  const metrics = context.metrics?.register(signInMetrics);

  app.route(
    contractRoute('login', {
      handler: async (request, reply) => {
        let answer: Awaited<ReturnType<typeof signIn>>;
        try {
          answer = await signIn(deps, request.body, metaOf(request), mail);
        } catch (error) {
          metrics?.signedIn(failedSignInOutcome(error));
          throw error;
        }
        metrics?.signedIn(answer.status === 202 ? 'second_step' : 'success');
        if (answer.status === 202) return reply.status(202).send(answer.body);
        rememberBrowser(deps, reply, answer.userId, deps.options.now());
        return answer.body;
      },
    }),
  );

  app.route(
    contractRoute('refresh', {
      handler: async (request) => refreshSession(deps, request.body.refreshToken, metaOf(request)),
    }),
  );

  app.route(
    contractRoute('logout', {
      handler: async (request, reply) => {
        await logout(
          deps,
          {
            refreshToken: request.body.refreshToken,
            session: await bearerClaims(request, context),
          },
          metaOf(request),
        );
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('currentSession', {
      onRequest: requireSession,
      // The session check behind requireAuth found the user's email: nothing more to ask.
      handler: async (request) => {
        const { userId, email } = claimsOf(request);
        return { id: userId, email };
      },
    }),
  );

  app.route(
    contractRoute('listUsers', {
      onRequest: requireSession,
      handler: async (request) =>
        listVisibleUsers(db, context.organisationId, claimsOf(request).userId),
    }),
  );
}

/** The claims of a valid bearer token, if the request has one (logout works without). */
async function bearerClaims(
  request: FastifyRequest,
  context: ServiceContext,
): Promise<AccessClaims | null> {
  const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  try {
    const claims = await context.accessTokens.verify(match[1]);
    return claims.organisationId === context.organisationId ? claims : null;
  } catch {
    return null;
  }
}
