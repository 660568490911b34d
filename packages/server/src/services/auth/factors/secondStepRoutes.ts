import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schema } from '../../../db/index.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { transactionEndingSessions } from '../liveSessions.ts';
import { clearAccountSignInLock } from '../loginThrottle.ts';
import { type AuthRouteDeps, metaOf } from '../routeDeps.ts';
import { passkeysOf } from './accountFactors.ts';
import { useSecondFactorCode } from './codes.ts';
import { checkFactorAnswer, factorBucketOwner, limitFactorChallenges } from './factorThrottle.ts';
import { browserOf, knownBrowserKey, rememberBrowser } from './knownBrowsers.ts';
import { liveSecondStep, passSecondStep } from './secondSteps.ts';
import {
  authenticationOptions,
  checkAssertion,
  passkeyRefused,
  relyingPartyOf,
} from './webauthn.ts';

/** The signed-out calls of a sign-in's second step: passed with a code or a passkey. */
export function secondStepRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps, mail } = auth;
  const rp = relyingPartyOf(context.appUrl);
  const { database } = deps;

  /** The opening of a step's call: its live step (401 once over), and the caller's browser. */
  const stepCallOf = async (request: FastifyRequest, token: string) => {
    const now = deps.options.now();
    const step = await liveSecondStep(deps, token, now);
    const known = knownBrowserKey(deps, browserOf(request), step.userId, now);
    return { step, now, meta: metaOf(request), known };
  };

  /**
   * After a passed step: its notices go, and the browser is known to the account. A reset's
   * owner proved they hold the mailbox and a factor, so strangers' sign-in failures no longer
   * make their sign-in ask for a mailed code.
   */
  const afterSecondStep = async (
    reply: FastifyReply,
    step: { userId: string; newPasswordHash: string | null },
    now: Date,
  ) => {
    mail.wake();
    if (step.newPasswordHash !== null) {
      const [user] = await database.db
        .select({ email: schema.users.email })
        .from(schema.users)
        .where(eq(schema.users.id, step.userId));
      if (user) await clearAccountSignInLock(database, deps.organisationId, user.email);
    }
    rememberBrowser(deps, reply, step.userId, now);
  };

  app.route(
    contractRoute('completeSecondStep', {
      handler: async function handleCompleteSecondStep(request, reply) {
        const { token, method, code } = request.body;
        const { step, now, meta, known } = await stepCallOf(request, token);
        await useSecondFactorCode(deps, mail, step.userId, method, code, meta, now, known);
        const tokens = await transactionEndingSessions(database, (tx) =>
          passSecondStep(tx, deps, mail, token, method, meta, now),
        );
        await afterSecondStep(reply, step, now);
        return tokens;
      },
    }),
  );

  app.route(
    contractRoute('secondStepPasskeyOptions', {
      handler: async function handleSecondStepPasskeyOptions(request) {
        const { step, now, meta, known } = await stepCallOf(request, request.body.token);
        await limitFactorChallenges(deps, factorBucketOwner(step.userId, known), meta, now);
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
        const { token, ...passkey } = request.body;
        const { step, now, meta, known } = await stepCallOf(request, token);
        const answer = { userId: step.userId, knownBrowser: known, method: 'passkey' } as const;
        const check = () =>
          transactionEndingSessions(database, async (tx) => {
            const owner = await checkAssertion(
              tx,
              deps,
              rp,
              'secondStep',
              step.userId,
              passkey,
              now,
            );
            return owner ? passSecondStep(tx, deps, mail, token, 'passkey', meta, now) : null;
          });
        const refused = passkeyRefused('bad_request');
        const tokens = await checkFactorAnswer(deps, answer, meta, now, check, refused);
        await afterSecondStep(reply, step, now);
        return tokens;
      },
    }),
  );
}
