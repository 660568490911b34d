import { messages } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domainError.ts';
import type { Caller } from '../../http/authenticate.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import type { ServiceContext } from '../core/index.ts';
import { browserNameOf } from './browserName.ts';
import { requireCoach } from './factors/accountFactors.ts';
import type { createAfterAnswer } from './handOff.ts';
import type { RequestMeta } from './requestMeta.ts';
import type { createRequireAuth } from './requireAuth.ts';
import type { SessionDeps } from './sessions.ts';

/** What the auth service's route groups share, built once by `authService`. */
export type AuthRouteDeps = {
  context: ServiceContext;
  deps: SessionDeps;
  mail: MailQueue;
  afterAnswer: ReturnType<typeof createAfterAnswer>;
  /** The session check of the auth routes, which read no profile of the caller. */
  requireSession: ReturnType<typeof createRequireAuth>;
};

export function metaOf(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    requestId: request.id,
    browser: browserNameOf(request.headers['user-agent']),
  };
}

const unauthorized = () => new DomainError('unauthorized', messages.unauthorized);

/** The caller of a route behind `requireAuth`. */
export function claimsOf(request: FastifyRequest): Caller {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** What a signed-in coach's call opens with: the caller, the time and who asked. */
export type CoachCall = { caller: Caller; now: Date; meta: RequestMeta };

/** The opening of a call only coaches make (their sign-in factors, their account's security). */
export async function coachCallOf(deps: SessionDeps, request: FastifyRequest): Promise<CoachCall> {
  const caller = claimsOf(request);
  await requireCoach(deps.database.db, deps.organisationId, caller.userId);
  return { caller, now: deps.options.now(), meta: metaOf(request) };
}
