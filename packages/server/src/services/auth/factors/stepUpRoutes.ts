import { signInFactorMessages } from '@coach/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../../audit.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { beginSignInAttempt, clearSignInFailures } from '../loginThrottle.ts';
import { verifyPassword } from '../passwords.ts';
import { type AuthRouteDeps, type CoachCall, coachCallOf } from '../routeDeps.ts';
import { findUserByEmail } from '../users.ts';
import { markProofGiven, passkeysOf } from './accountFactors.ts';
import { useSecondFactorCode } from './codes.ts';
import { checkFactorAnswer, factorBucketOwner, limitFactorChallenges } from './factorThrottle.ts';
import { browserOf, knownBrowserKey, rememberBrowser } from './knownBrowsers.ts';
import {
  authenticationOptions,
  checkAssertion,
  passkeyRefused,
  relyingPartyOf,
} from './webauthn.ts';

/**
 * A session confirms a second factor (a code or a passkey): for 5 minutes it may add or remove a
 * factor, turn codes off, make new recovery codes, or change the password or the email. A session
 * of an account without a second factor confirms its password instead, to add one.
 */
export function stepUpRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps, mail, requireSession } = auth;
  const { database, organisationId } = deps;
  const { db } = database;
  const rp = relyingPartyOf(context.appUrl);

  /** The opening of a step-up: the coach's call, and the key of their browser's own bucket. */
  const stepUpCallOf = async (request: FastifyRequest) => {
    const call = await coachCallOf(deps, request);
    const known = knownBrowserKey(deps, browserOf(request), call.caller.userId, call.now);
    return { call, known };
  };

  /** A second factor confirmed: audited, and the browser known to the account. */
  const confirmed = async (
    reply: FastifyReply,
    { caller, now, meta }: CoachCall,
    method: string,
  ) => {
    await recordAudit(db, {
      organisationId,
      action: 'second_factor_confirmed',
      actorUserId: caller.userId,
      subject: caller.userId,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'success',
      details: { method },
    });
    rememberBrowser(deps, reply, caller.userId, now);
  };

  app.route(
    contractRoute('confirmSecondFactor', {
      onRequest: requireSession,
      handler: async function handleConfirmSecondFactor(request, reply) {
        const { call, known } = await stepUpCallOf(request);
        const { caller, now, meta } = call;
        const { method, code } = request.body;
        await useSecondFactorCode(deps, mail, caller.userId, method, code, meta, now, known);
        await markProofGiven(db, caller, method, now);
        await confirmed(reply, call, method);
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('secondFactorPasskeyOptions', {
      onRequest: requireSession,
      handler: async function handleSecondFactorPasskeyOptions(request) {
        const { call, known } = await stepUpCallOf(request);
        const { caller, now, meta } = call;
        await limitFactorChallenges(deps, factorBucketOwner(caller.userId, known), meta, now);
        const passkeys = await passkeysOf(db, caller.userId);
        return authenticationOptions(db, deps, rp, 'stepUp', caller.userId, passkeys, now);
      },
    }),
  );

  app.route(
    contractRoute('confirmSecondFactorWithPasskey', {
      onRequest: requireSession,
      handler: async function handleConfirmSecondFactorWithPasskey(request, reply) {
        const { call, known } = await stepUpCallOf(request);
        const { caller, now, meta } = call;
        const answer = { userId: caller.userId, knownBrowser: known, method: 'passkey' } as const;
        const check = () =>
          database.transaction(async (tx) => {
            const { userId } = caller;
            const owner = await checkAssertion(tx, deps, rp, 'stepUp', userId, request.body, now);
            if (!owner) return null;
            await markProofGiven(tx, caller, 'passkey', now);
            return owner;
          });
        await checkFactorAnswer(deps, answer, meta, now, check, passkeyRefused('bad_request'));
        await confirmed(reply, call, 'passkey');
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('confirmPassword', {
      onRequest: requireSession,
      handler: async function handleConfirmPassword(request, reply) {
        const { caller, now, meta } = await coachCallOf(deps, request);
        // Throttled as a sign-in is (per address and per account and address), so a stolen
        // session cannot guess the password here faster than at the sign-in. Past the account's
        // ceiling no mailed code is asked: the caller holds a session already.
        const subject = { ...meta, account: caller.email };
        const throttle = deps.options.loginThrottle;
        const attempt = await beginSignInAttempt(database, organisationId, throttle, subject, now);
        const user = await findUserByEmail(db, organisationId, caller.email);
        const isRight =
          user?.id === caller.userId &&
          (await verifyPassword(user.passwordHash, request.body.password));
        await recordAudit(db, {
          organisationId,
          action: 'password_confirmed',
          actorUserId: caller.userId,
          subject: caller.userId,
          ip: meta.ip,
          requestId: meta.requestId,
          outcome: isRight ? 'success' : 'failure',
        });
        if (!isRight) throw new DomainError('wrong_password', signInFactorMessages.wrongPassword);
        await clearSignInFailures(database, organisationId, subject, attempt);
        await markProofGiven(db, caller, 'password', now);
        return reply.status(204).send();
      },
    }),
  );
}
