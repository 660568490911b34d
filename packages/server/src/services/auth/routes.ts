import type {
  AcceptInviteBody,
  CreateInviteBody,
  LoginBody,
  LogoutBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  RefreshBody,
  VerifyResetCodeBody,
} from '@coach/api';
import { errorStatuses } from '@coach/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit.ts';
import type { AccessClaims } from '../../http/accessTokens.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import type { ServiceContext } from '../context.ts';
import { AuthError, type AuthErrorCode } from './errors.ts';
import { createAfterAnswer, deliverWithoutWaiting } from './handOff.ts';
import { acceptInvite, createInvite } from './invites.ts';
import { signIn } from './login.ts';
import type { AuthOptions } from './options.ts';
import { RateLimitError } from './rateLimit.ts';
import { requestPasswordReset, resetPassword, verifyResetCode } from './resetCodes.ts';
import { logout, type RequestMeta, refreshSession, type SessionDeps } from './sessions.ts';
import { findUserById, listVisibleUsers } from './users.ts';

/** Each auth refusal's status: the contract's error catalogue (every AuthErrorCode is in it). */
const statusOf: Record<AuthErrorCode, number> = errorStatuses;

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, requestId: request.id };
}

/**
 * Makes `answer(handler)`: runs a handler; an `AuthError` becomes its JSON error answer, anything
 * else a 500. A throttled attempt is also written to the audit log, whichever route refused it.
 */
function answerWith(context: ServiceContext) {
  return function answer<T>(work: (request: FastifyRequest, reply: FastifyReply) => Promise<T>) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await work(request, reply);
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        if (error instanceof RateLimitError) await auditRefusal(context, request, error);
        if (error.retryAfterSeconds !== undefined) {
          reply.header('Retry-After', String(error.retryAfterSeconds));
        }
        return reply
          .status(statusOf[error.code])
          .send({ error: error.code, message: error.message });
      }
    };
  };
}

function auditRefusal(context: ServiceContext, request: FastifyRequest, error: RateLimitError) {
  return recordAudit(context.database.db, {
    organisationId: context.organisationId,
    action: 'rate_limited',
    subject: error.account,
    ip: request.ip,
    requestId: request.id,
    outcome: 'refused',
    details: {
      limitedAction: error.action,
      scope: error.scope,
      retryAfterSeconds: error.retryAfterSeconds,
    },
  });
}

function claimsOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AuthError('unauthorized', 'Authentication required');
  return request.auth;
}

/** The auth service's HTTP routes (spec point 7's auth table, plus accepting an invite). */
export async function registerAuthRoutes(
  app: FastifyInstance,
  context: ServiceContext,
  options: AuthOptions,
): Promise<void> {
  const deps: SessionDeps = {
    database: context.database,
    organisationId: context.organisationId,
    accessTokens: context.accessTokens,
    options,
  };
  const auth = { preHandler: context.requireAuth };
  const answer = answerWith(context);
  const deliver = deliverWithoutWaiting(context, app.log);
  const afterAnswer = createAfterAnswer(app);

  app.route({
    ...contractRoute('login'),
    handler: answer((request) => signIn(deps, request.body as LoginBody, metaOf(request))),
  });

  app.route({
    ...contractRoute('refresh'),
    handler: answer((request) =>
      refreshSession(deps, (request.body as RefreshBody).refreshToken, metaOf(request)),
    ),
  });

  app.route({
    ...contractRoute('logout'),
    handler: answer(async (request, reply) => {
      const body = (request.body ?? {}) as LogoutBody;
      await logout(
        deps,
        { refreshToken: body.refreshToken, session: await bearerClaims(request, context) },
        metaOf(request),
      );
      return reply.status(204).send();
    }),
  });

  app.route({
    ...contractRoute('currentSession'),
    ...auth,
    handler: answer(async (request) => {
      const claims = claimsOf(request);
      const user = await findUserById(context.database.db, context.organisationId, claims.userId);
      if (!user) throw new AuthError('unauthorized', 'Authentication required');
      return { id: user.id, email: user.email };
    }),
  });

  app.route({
    ...contractRoute('listUsers'),
    ...auth,
    handler: answer((request) =>
      listVisibleUsers(context.database.db, context.organisationId, claimsOf(request).userId),
    ),
  });

  app.route({
    ...contractRoute('createInvite'),
    ...auth,
    handler: answer(async (request, reply) => {
      const invite = await createInvite(
        { ...deps, mailer: context.mailer, appUrl: context.appUrl },
        claimsOf(request).userId,
        request.body as CreateInviteBody,
        metaOf(request),
      );
      return reply.status(201).send(invite);
    }),
  });

  app.route({
    ...contractRoute('acceptInvite'),
    handler: answer((request) =>
      acceptInvite(deps, request.body as AcceptInviteBody, metaOf(request)),
    ),
  });

  app.route({
    ...contractRoute('requestPasswordReset'),
    handler: answer(async (request, reply) => {
      await requestPasswordReset(
        deps,
        request.body as PasswordResetRequestBody,
        metaOf(request),
        deliver,
        afterAnswer(reply.raw, request.log),
      );
      return reply.status(202).send({});
    }),
  });

  app.route({
    ...contractRoute('verifyResetCode'),
    handler: answer(async (request) => {
      await verifyResetCode(deps, request.body as VerifyResetCodeBody, metaOf(request), deliver);
      return { valid: true as const };
    }),
  });

  app.route({
    ...contractRoute('resetPassword'),
    handler: answer((request) =>
      resetPassword(deps, request.body as PasswordResetBody, metaOf(request), deliver),
    ),
  });
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
