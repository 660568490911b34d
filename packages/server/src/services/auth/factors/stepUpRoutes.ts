import { signInFactorMessages } from '@coach/domain';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../audit.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { beginSignInAttempt, clearSignInFailures } from '../loginThrottle.ts';
import { verifyPassword } from '../passwords.ts';
import { type AuthRouteDeps, claimsOf, metaOf } from '../routeDeps.ts';
import { findUserByEmail } from '../users.ts';
import { markProofGiven, passkeysOf, requireCoach } from './accountFactors.ts';
import { useSecondFactorCode } from './codes.ts';
import {
  beginFactorAnswer,
  factorBucketOwner,
  limitFactorChallenges,
  rightFactorAnswer,
  wrongFactorAnswer,
} from './factorThrottle.ts';
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

  const audit = (
    caller: { userId: string },
    meta: { ip: string; requestId: string },
    method: string,
  ) =>
    recordAudit(db, {
      organisationId,
      action: 'second_factor_confirmed',
      actorUserId: caller.userId,
      subject: caller.userId,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'success',
      details: { method },
    });

  app.route(
    contractRoute('confirmSecondFactor', {
      onRequest: requireSession,
      handler: async function handleConfirmSecondFactor(request, reply) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        const meta = metaOf(request);
        const { method, code } = request.body;
        const known = knownBrowserKey(deps, browserOf(request), caller.userId, now);
        await useSecondFactorCode(deps, mail, caller.userId, method, code, meta, now, known);
        await markProofGiven(db, caller, method, now);
        await audit(caller, meta, method);
        rememberBrowser(deps, reply, caller.userId, now);
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('secondFactorPasskeyOptions', {
      onRequest: requireSession,
      handler: async function handleSecondFactorPasskeyOptions(request) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        const known = knownBrowserKey(deps, browserOf(request), caller.userId, now);
        await limitFactorChallenges(
          deps,
          factorBucketOwner(caller.userId, known),
          metaOf(request),
          now,
        );
        const passkeys = await passkeysOf(db, caller.userId);
        return authenticationOptions(db, deps, rp, 'stepUp', caller.userId, passkeys, now);
      },
    }),
  );

  app.route(
    contractRoute('confirmSecondFactorWithPasskey', {
      onRequest: requireSession,
      handler: async function handleConfirmSecondFactorWithPasskey(request, reply) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        const meta = metaOf(request);
        const owner = factorBucketOwner(
          caller.userId,
          knownBrowserKey(deps, browserOf(request), caller.userId, now),
        );
        await beginFactorAnswer(deps, owner, meta, now);
        const isRight = await database.transaction(async (tx) => {
          const owner = await checkAssertion(
            tx,
            deps,
            rp,
            'stepUp',
            caller.userId,
            request.body,
            now,
          );
          if (owner) await markProofGiven(tx, caller, 'passkey', now);
          return owner !== null;
        });
        if (!isRight) {
          return wrongFactorAnswer(
            deps,
            caller.userId,
            'passkey',
            meta,
            passkeyRefused('bad_request'),
          );
        }
        await rightFactorAnswer(deps, owner, meta);
        await audit(caller, meta, 'passkey');
        rememberBrowser(deps, reply, caller.userId, now);
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('confirmPassword', {
      onRequest: requireSession,
      handler: async function handleConfirmPassword(request, reply) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        const meta = metaOf(request);
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
