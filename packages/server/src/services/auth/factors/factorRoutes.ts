import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../../http/contractRoute.ts';
import { type AuthRouteDeps, coachCallOf } from '../routeDeps.ts';
import {
  confirmedAuthenticatorOf,
  factorsOf,
  passkeysOf,
  recentSecondFactorUntil,
  sessionFactorsOf,
} from './accountFactors.ts';
import { authenticatorRoutes } from './authenticatorRoutes.ts';
import { passkeyOf, passkeyRoutes } from './passkeyRoutes.ts';
import { passkeySignInRoutes } from './passkeySignInRoutes.ts';
import { secondStepRoutes } from './secondStepRoutes.ts';
import { stepUpRoutes } from './stepUpRoutes.ts';

/**
 * The calls of a coach's second sign-in factors (decision 73): their sign-in methods listed here,
 * each kind's own calls in its file.
 */
export function factorRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { deps, requireSession } = auth;
  const { db } = deps.database;
  secondStepRoutes(app, auth);
  passkeySignInRoutes(app, auth);
  passkeyRoutes(app, auth);
  authenticatorRoutes(app, auth);
  stepUpRoutes(app, auth);

  app.route(
    contractRoute('listSignInMethods', {
      onRequest: requireSession,
      handler: async function handleListSignInMethods(request) {
        const { caller, now } = await coachCallOf(deps, request);
        const [passkeys, authenticator, factors, session] = await Promise.all([
          passkeysOf(db, caller.userId),
          confirmedAuthenticatorOf(db, caller.userId),
          factorsOf(db, caller.userId),
          sessionFactorsOf(db, caller.sessionId),
        ]);
        const until = recentSecondFactorUntil(session?.secondFactorAt, now);
        return {
          passkeys: passkeys.map(passkeyOf),
          authenticator: authenticator?.confirmedAt
            ? { addedAt: authenticator.confirmedAt.toISOString() }
            : null,
          recoveryCodesLeft: factors.hasAuthenticator ? factors.recoveryCodesLeft : 0,
          isSecondFactorRequired: deps.options.isSecondFactorRequired,
          mustEnrol: session?.mustEnrol ?? false,
          recentSecondFactorUntil: until?.toISOString() ?? null,
        };
      },
    }),
  );
}
