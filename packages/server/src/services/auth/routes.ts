import { messages } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domainError.ts';
import type { AccessClaims } from '../../http/accessTokens.ts';
import type { Caller } from '../../http/authenticate.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import type { ServiceContext, ServicePlugin } from '../core/index.ts';
import { startMailOutbox } from '../core/index.ts';
import { createAfterAnswer } from './handOff.ts';
import { checkInvite } from './inviteLinks.ts';
import { acceptInvite, createInvite, type InviteDeps } from './invites.ts';
import { signIn } from './login.ts';
import { resolveAuthOptions } from './options.ts';
import { listInvites, resendInvite, withdrawInvite } from './pendingInvites.ts';
import type { RequestMeta } from './requestMeta.ts';
import { createRequireAuth } from './requireAuth.ts';
import { requestPasswordReset, resetPassword, verifyResetCode } from './resetCodes.ts';
import { logout, refreshSession, type SessionDeps } from './sessions.ts';
import { listVisibleUsers } from './users.ts';

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, requestId: request.id };
}

const unauthorized = () => new DomainError('unauthorized', messages.unauthorized);

/** The caller of a route behind `requireAuth`. */
function claimsOf(request: FastifyRequest): Caller {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The auth service (`/api/auth`, requirements R7.2's auth table plus accepting an invite): sign-in,
 * sessions (rotating refresh tokens), password reset by mailed code, invites, and the users a
 * caller may see. Tuned by `context.auth` (limits, lifetimes, clock). Refusals are thrown as
 * `DomainError`s (the server's error handler answers them); throttled ones are audited where they
 * are refused (`refuseThrottled`).
 */
export const authService: ServicePlugin = async (app, context) => {
  const deps: SessionDeps = {
    database: context.database,
    organisationId: context.organisationId,
    accessTokens: context.accessTokens,
    options: resolveAuthOptions(context.auth),
  };
  const afterAnswer = createAfterAnswer(app);
  const mail = startMailOutbox(app, context);
  const inviteDeps = (): InviteDeps => ({ ...deps, mail, appUrl: context.appUrl });
  const { db } = context.database;
  // The auth service's routes read no profile of the caller: its session check reads none
  // (one join and 19 columns fewer than `context.requireAuth`'s, on every `GET /session/current`).
  const requireSession = createRequireAuth(context.accessTokens, context.database, {
    withProfile: false,
  });

  app.route(
    contractRoute('login', {
      handler: async (request) => signIn(deps, request.body, metaOf(request), mail),
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

  app.route(
    contractRoute('createInvite', {
      onRequest: requireSession,
      handler: async (request, reply) => {
        const invite = await createInvite(
          inviteDeps(),
          claimsOf(request).userId,
          request.body,
          metaOf(request),
        );
        return reply.status(201).send(invite);
      },
    }),
  );

  app.route(
    contractRoute('listInvites', {
      onRequest: requireSession,
      handler: async (request) => listInvites(deps, claimsOf(request).userId),
    }),
  );

  app.route(
    contractRoute('resendInvite', {
      onRequest: requireSession,
      handler: async (request) =>
        resendInvite(inviteDeps(), claimsOf(request).userId, request.params.id, metaOf(request)),
    }),
  );

  app.route(
    contractRoute('withdrawInvite', {
      onRequest: requireSession,
      handler: async (request, reply) => {
        await withdrawInvite(deps, claimsOf(request).userId, request.params.id, metaOf(request));
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('checkInvite', {
      handler: async (request) => checkInvite(deps, request.body.token, metaOf(request)),
    }),
  );

  app.route(
    contractRoute('acceptInvite', {
      handler: async (request) => acceptInvite(deps, request.body, metaOf(request)),
    }),
  );

  app.route(
    contractRoute('requestPasswordReset', {
      handler: async (request, reply) => {
        const answer = await requestPasswordReset(
          deps,
          request.body,
          metaOf(request),
          mail,
          afterAnswer(reply.raw, request.log),
        );
        return reply.status(202).send(answer);
      },
    }),
  );

  app.route(
    contractRoute('verifyResetCode', {
      handler: async (request) => {
        await verifyResetCode(deps, request.body, metaOf(request), mail);
        return { valid: true as const };
      },
    }),
  );

  app.route(
    contractRoute('resetPassword', {
      handler: async (request) => resetPassword(deps, request.body, metaOf(request), mail),
    }),
  );
};

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
