import { messages } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domainError.ts';
import type { Caller } from '../../http/authenticate.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import type { ServiceContext } from '../core/index.ts';
import { browserNameOf } from './browserName.ts';
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
