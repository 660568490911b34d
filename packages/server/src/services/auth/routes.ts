import { type ServicePlugin, startMailOutbox } from '../core/index.ts';
import { factorRoutes } from './factors/factorRoutes.ts';
import { createAfterAnswer } from './handOff.ts';
import { inviteRoutes } from './inviteRoutes.ts';
import { resolveAuthOptions } from './options.ts';
import { passwordResetRoutes } from './passwordResetRoutes.ts';
import { argon2Load } from './passwords.ts';
import { createRequireAuth } from './requireAuth.ts';
import { securityRoutes } from './securityRoutes.ts';
import { sessionRoutes } from './sessionRoutes.ts';
import type { SessionDeps } from './sessions.ts';

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
    appUrl: context.appUrl,
    organisationId: context.organisationId,
    accessTokens: context.accessTokens,
    options: resolveAuthOptions(context.auth),
  };
  // The process's password hashes and verifications are this service's work.
  context.metrics?.watchWork('argon2', argon2Load);
  const afterAnswer = createAfterAnswer(app);
  const mail = startMailOutbox(app, context);
  // The auth service's routes read no profile of the caller: its session check reads none (a
  // join and the profile's columns fewer than `context.requireAuth`'s, on every
  // `GET /session/current`).
  const requireSession = createRequireAuth(context.accessTokens, context.database, {
    withProfile: false,
  });
  const auth = { context, deps, mail, afterAnswer, requireSession };
  sessionRoutes(app, auth);
  inviteRoutes(app, auth);
  passwordResetRoutes(app, auth);
  factorRoutes(app, auth);
  securityRoutes(app, auth);
};
