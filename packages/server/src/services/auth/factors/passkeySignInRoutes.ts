import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../audit.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { type AuthRouteDeps, metaOf } from '../routeDeps.ts';
import { issueTokens } from '../sessions.ts';
import { checkFactorAnswer, limitFactorChallenges } from './factorThrottle.ts';
import { rememberBrowser } from './knownBrowsers.ts';
import {
  authenticationOptions,
  checkAssertion,
  passkeyRefused,
  relyingPartyOf,
} from './webauthn.ts';

/** The signed-out calls of a sign-in with a passkey alone (the passkey names its account). */
export function passkeySignInRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps } = auth;
  const rp = relyingPartyOf(context.appUrl);
  const { database } = deps;

  app.route(
    contractRoute('passkeySignInOptions', {
      handler: async function handlePasskeySignInOptions(request) {
        const now = deps.options.now();
        await limitFactorChallenges(deps, null, metaOf(request), now);
        return authenticationOptions(database.db, deps, rp, 'signIn', null, [], now);
      },
    }),
  );

  app.route(
    contractRoute('signInWithPasskey', {
      handler: async function handleSignInWithPasskey(request, reply) {
        const now = deps.options.now();
        const meta = metaOf(request);
        const answer = { userId: null, knownBrowser: null, method: 'passkey' } as const;
        const check = () =>
          database.transaction(async (tx) => {
            const owner = await checkAssertion(tx, deps, rp, 'signIn', null, request.body, now);
            if (!owner) return null;
            const issued = await issueTokens(tx, deps, owner.userId, now, undefined, {
              proofs: ['passkey'],
              secondFactorAt: now,
            });
            await recordAudit(tx, {
              organisationId: deps.organisationId,
              action: 'sign_in',
              actorUserId: owner.userId,
              subject: owner.userId,
              ip: meta.ip,
              requestId: meta.requestId,
              outcome: 'success',
              details: {
                sessionId: issued.familyId,
                proofs: ['passkey'],
                browser: meta.browser ?? null,
              },
            });
            return {
              accessToken: issued.accessToken,
              refreshToken: issued.refreshToken,
              userId: owner.userId,
            };
          });
        const refused = passkeyRefused('invalid_credentials');
        const signedIn = await checkFactorAnswer(deps, answer, meta, now, check, refused);
        rememberBrowser(deps, reply, signedIn.userId, now);
        return { accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken };
      },
    }),
  );
}
