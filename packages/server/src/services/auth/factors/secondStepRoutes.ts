import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../audit.ts';
import { schema } from '../../../db/index.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { transactionEndingSessions } from '../liveSessions.ts';
import { clearAccountSignInLock } from '../loginThrottle.ts';
import { type AuthRouteDeps, metaOf } from '../routeDeps.ts';
import { issueTokens } from '../sessions.ts';
import { passkeysOf } from './accountFactors.ts';
import { useSecondFactorCode } from './codes.ts';
import {
  beginFactorAnswer,
  factorBucketOwner,
  limitFactorChallenges,
  rightFactorAnswer,
  wrongFactorAnswer,
} from './factorThrottle.ts';
import { browserOf, knownBrowserKey, rememberBrowser } from './knownBrowsers.ts';
import { liveSecondStep, passSecondStep } from './secondSteps.ts';
import {
  authenticationOptions,
  checkAssertion,
  passkeyRefused,
  relyingPartyOf,
} from './webauthn.ts';

/**
 * The signed-out calls of the second factors: a sign-in's second step passed with a code or a
 * passkey, and a sign-in with a passkey alone.
 */
export function secondStepRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps, mail } = auth;
  const rp = relyingPartyOf(context.appUrl);
  const { database } = deps;

  /**
   * After a passed step: its notices go; a reset's owner proved they hold the mailbox and a
   * factor, so strangers' sign-in failures no longer make their sign-in ask for a mailed code.
   */
  const afterSecondStep = async (step: { userId: string; newPasswordHash: string | null }) => {
    mail.wake();
    if (step.newPasswordHash === null) return;
    const [user] = await database.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, step.userId));
    if (user) await clearAccountSignInLock(database, deps.organisationId, user.email);
  };

  app.route(
    contractRoute('completeSecondStep', {
      handler: async function handleCompleteSecondStep(request, reply) {
        const now = deps.options.now();
        const meta = metaOf(request);
        const { token, method, code } = request.body;
        const step = await liveSecondStep(deps, token, now);
        const known = knownBrowserKey(deps, browserOf(request), step.userId, now);
        await useSecondFactorCode(deps, mail, step.userId, method, code, meta, now, known);
        const tokens = await transactionEndingSessions(database, (tx) =>
          passSecondStep(tx, deps, mail, token, method, meta, now),
        );
        await afterSecondStep(step);
        rememberBrowser(deps, reply, step.userId, now);
        return tokens;
      },
    }),
  );

  app.route(
    contractRoute('secondStepPasskeyOptions', {
      handler: async function handleSecondStepPasskeyOptions(request) {
        const now = deps.options.now();
        const step = await liveSecondStep(deps, request.body.token, now);
        const known = knownBrowserKey(deps, browserOf(request), step.userId, now);
        await limitFactorChallenges(
          deps,
          factorBucketOwner(step.userId, known),
          metaOf(request),
          now,
        );
        const passkeys = await passkeysOf(database.db, step.userId);
        return authenticationOptions(
          database.db,
          deps,
          rp,
          'secondStep',
          step.userId,
          passkeys,
          now,
        );
      },
    }),
  );

  app.route(
    contractRoute('completeSecondStepWithPasskey', {
      handler: async function handleCompleteSecondStepWithPasskey(request, reply) {
        const now = deps.options.now();
        const meta = metaOf(request);
        const { token, challengeId, credential } = request.body;
        const step = await liveSecondStep(deps, token, now);
        const owner = factorBucketOwner(
          step.userId,
          knownBrowserKey(deps, browserOf(request), step.userId, now),
        );
        await beginFactorAnswer(deps, owner, meta, now);
        const tokens = await transactionEndingSessions(database, async (tx) => {
          const answer = { challengeId, credential };
          const owner = await checkAssertion(tx, deps, rp, 'secondStep', step.userId, answer, now);
          return owner ? passSecondStep(tx, deps, mail, token, 'passkey', meta, now) : null;
        });
        if (!tokens) {
          return wrongFactorAnswer(
            deps,
            step.userId,
            'passkey',
            meta,
            passkeyRefused('bad_request'),
          );
        }
        await rightFactorAnswer(deps, owner, meta);
        await afterSecondStep(step);
        rememberBrowser(deps, reply, step.userId, now);
        return tokens;
      },
    }),
  );

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
        await beginFactorAnswer(deps, null, meta, now);
        const signedIn = await database.transaction(async (tx) => {
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
        if (!signedIn) {
          return wrongFactorAnswer(
            deps,
            null,
            'passkey',
            meta,
            passkeyRefused('invalid_credentials'),
          );
        }
        await rightFactorAnswer(deps, null, meta);
        rememberBrowser(deps, reply, signedIn.userId, now);
        return { accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken };
      },
    }),
  );
}
