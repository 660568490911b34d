import { signInFactorMessages } from '@coach/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderSVG } from 'uqr';
import { schema } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { type AuthRouteDeps, coachCallOf } from '../routeDeps.ts';
import {
  authenticatorOf,
  confirmedAuthenticatorOf,
  markEnrolled,
  requireRecentProof,
} from './accountFactors.ts';
import {
  lockedFactorChange,
  recordFactorChange,
  requireSecondFactorLeft,
} from './factorChanges.ts';
import { checkFactorAnswer, limitFactorChallenges } from './factorThrottle.ts';
import { replaceRecoveryCodes } from './recoveryCodes.ts';
import { openSecret, sealSecret } from './sealing.ts';
import { newTotpSecret, stepOfCode } from './totp.ts';

const apps = schema.authenticatorApps;
const onAlready = () =>
  new DomainError('factor_limit_reached', signInFactorMessages.authenticatorOnAlready);
const notOn = () => new DomainError('not_found', signInFactorMessages.noAuthenticator);

/** A coach's authenticator app: its enrolment and confirmation, removal, and recovery codes. */
export function authenticatorRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { deps, mail, requireSession } = auth;
  const { database, organisationId } = deps;
  const { db } = database;
  const key = deps.options.factorKey;

  app.route(
    contractRoute('startAuthenticatorEnrolment', {
      onRequest: requireSession,
      handler: async function handleStartAuthenticatorEnrolment(request) {
        const { caller, now, meta } = await coachCallOf(deps, request);
        await limitFactorChallenges(deps, caller.userId, meta, now);
        if (await confirmedAuthenticatorOf(db, caller.userId)) throw onAlready();
        await requireRecentProof(db, caller, now);
        const { secret, uri } = newTotpSecret(caller.email);
        const sealed = sealSecret(key, caller.userId, secret);
        // A new enrolment replaces a pending one; a confirmed app stays (a parallel confirmation).
        const [row] = await db
          .insert(apps)
          .values({ userId: caller.userId, organisationId, secretSealed: sealed, createdAt: now })
          .onConflictDoUpdate({
            target: apps.userId,
            set: { secretSealed: sealed, createdAt: now, lastUsedStep: null },
            setWhere: isNull(apps.confirmedAt),
          })
          .returning({ userId: apps.userId });
        if (!row) throw onAlready();
        return { secret, uri, qrSvg: renderSVG(uri) };
      },
    }),
  );

  app.route(
    contractRoute('confirmAuthenticator', {
      onRequest: requireSession,
      handler: async function handleConfirmAuthenticator(request) {
        const call = await coachCallOf(deps, request);
        const { caller, now, meta } = call;
        const pending = await authenticatorOf(db, caller.userId);
        if (pending?.confirmedAt) throw onAlready();
        if (!pending) throw new DomainError('bad_request', signInFactorMessages.noEnrolment);
        // Adding a factor asks for proof, and is none itself (issue 64).
        await requireRecentProof(db, caller, now);
        const answer = { userId: caller.userId, knownBrowser: null, method: 'enrolment' } as const;
        const recoveryCodes = await checkFactorAnswer(deps, answer, meta, now, async () => {
          const secret = openSecret(key, caller.userId, pending.secretSealed);
          const step = stepOfCode(secret, request.body.code, now);
          if (step === null) return null;
          const codes = await database.transaction(async (tx) => {
            const [confirmed] = await tx
              .update(apps)
              .set({ confirmedAt: now, lastUsedStep: step })
              .where(
                and(
                  eq(apps.userId, caller.userId),
                  isNull(apps.confirmedAt),
                  eq(apps.secretSealed, pending.secretSealed),
                ),
              )
              .returning({ userId: apps.userId });
            if (!confirmed) throw onAlready();
            const codes = await replaceRecoveryCodes(tx, deps, caller.userId, now);
            await markEnrolled(tx, caller);
            await recordFactorChange(tx, auth, call, 'authenticatorAdded', caller.userId);
            return codes;
          });
          mail.wake();
          return codes;
        });
        return { recoveryCodes };
      },
    }),
  );

  app.route(
    contractRoute('removeAuthenticator', {
      onRequest: requireSession,
      handler: async function handleRemoveAuthenticator(request, reply) {
        const call = await coachCallOf(deps, request);
        const { caller } = call;
        if (!(await confirmedAuthenticatorOf(db, caller.userId))) throw notOn();
        await lockedFactorChange(auth, call, 'authenticatorRemoved', caller.userId, async (tx) => {
          const removed = await tx
            .delete(apps)
            .where(eq(apps.userId, caller.userId))
            .returning({ userId: apps.userId });
          if (removed.length === 0) throw notOn();
          await requireSecondFactorLeft(tx, auth, caller.userId);
          // The recovery codes come with the app, and go with it.
          await tx
            .delete(schema.recoveryCodes)
            .where(eq(schema.recoveryCodes.userId, caller.userId));
        });
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('regenerateRecoveryCodes', {
      onRequest: requireSession,
      handler: async function handleRegenerateRecoveryCodes(request) {
        const call = await coachCallOf(deps, request);
        const { caller } = call;
        if (!(await confirmedAuthenticatorOf(db, caller.userId))) throw notOn();
        const recoveryCodes = await lockedFactorChange(
          auth,
          call,
          'recoveryCodesRegenerated',
          caller.userId,
          (tx) => replaceRecoveryCodes(tx, deps, caller.userId, call.now),
        );
        return { recoveryCodes };
      },
    }),
  );
}
