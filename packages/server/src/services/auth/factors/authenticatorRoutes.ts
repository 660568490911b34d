import { signInFactorMessages } from '@coach/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderSVG } from 'uqr';
import { recordAudit } from '../../../audit.ts';
import { schema } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { type AuthRouteDeps, claimsOf, metaOf } from '../routeDeps.ts';
import { queueSecurityNotice } from '../securityNotices.ts';
import {
  confirmedAuthenticatorOf,
  factorsOf,
  hasSecondFactor,
  lockAccount,
  markEnrolled,
  pendingAuthenticatorOf,
  requireCoach,
  requireRecentProof,
} from './accountFactors.ts';
import {
  beginFactorAnswer,
  limitFactorChallenges,
  rightFactorAnswer,
  wrongFactorAnswer,
} from './factorThrottle.ts';
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
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        await limitFactorChallenges(deps, caller.userId, metaOf(request), now);
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
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        const meta = metaOf(request);
        if (await confirmedAuthenticatorOf(db, caller.userId)) throw onAlready();
        const pending = await pendingAuthenticatorOf(db, caller.userId);
        if (!pending) throw new DomainError('bad_request', signInFactorMessages.noEnrolment);
        // Adding a factor asks for proof, and is none itself (issue 64).
        await requireRecentProof(db, caller, now);
        await beginFactorAnswer(deps, caller.userId, meta, now);
        const secret = openSecret(key, caller.userId, pending.secretSealed);
        const step = stepOfCode(secret, request.body.code, now);
        if (step === null) return wrongFactorAnswer(deps, caller.userId, 'enrolment', meta);
        const recoveryCodes = await database.transaction(async (tx) => {
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
          // A session that had to enrol a factor has; the step-up's 5 minutes do not start.
          await markEnrolled(tx, caller);
          await recordAudit(tx, {
            organisationId,
            action: 'authenticator_added',
            actorUserId: caller.userId,
            subject: caller.userId,
            ip: meta.ip,
            requestId: meta.requestId,
            details: { browser: meta.browser ?? null },
          });
          const owner = { id: caller.userId, email: caller.email };
          await queueSecurityNotice(tx, deps, mail, owner, 'authenticatorAdded', meta, now);
          return codes;
        });
        mail.wake();
        await rightFactorAnswer(deps, caller.userId, meta);
        return { recoveryCodes };
      },
    }),
  );

  app.route(
    contractRoute('removeAuthenticator', {
      onRequest: requireSession,
      handler: async function handleRemoveAuthenticator(request, reply) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        if (!(await confirmedAuthenticatorOf(db, caller.userId))) throw notOn();
        const now = deps.options.now();
        const meta = metaOf(request);
        await database.transaction(async (tx) => {
          // One removal at a time per account: the last factor is kept whatever the concurrency.
          await lockAccount(tx, caller.userId);
          await requireRecentProof(tx, caller, now);
          const removed = await tx
            .delete(apps)
            .where(eq(apps.userId, caller.userId))
            .returning({ userId: apps.userId });
          if (removed.length === 0) throw notOn();
          if (
            deps.options.isSecondFactorRequired &&
            !hasSecondFactor(await factorsOf(tx, caller.userId))
          ) {
            throw new DomainError('last_second_factor', signInFactorMessages.lastSecondFactor);
          }
          // The recovery codes come with the app, and go with it.
          await tx
            .delete(schema.recoveryCodes)
            .where(eq(schema.recoveryCodes.userId, caller.userId));
          await recordAudit(tx, {
            organisationId,
            action: 'authenticator_removed',
            actorUserId: caller.userId,
            subject: caller.userId,
            ip: meta.ip,
            requestId: meta.requestId,
            details: { browser: meta.browser ?? null },
          });
          const owner = { id: caller.userId, email: caller.email };
          await queueSecurityNotice(tx, deps, mail, owner, 'authenticatorRemoved', meta, now);
        });
        mail.wake();
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('regenerateRecoveryCodes', {
      onRequest: requireSession,
      handler: async function handleRegenerateRecoveryCodes(request) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        if (!(await confirmedAuthenticatorOf(db, caller.userId))) throw notOn();
        const now = deps.options.now();
        const meta = metaOf(request);
        const recoveryCodes = await database.transaction(async (tx) => {
          await lockAccount(tx, caller.userId);
          await requireRecentProof(tx, caller, now);
          const codes = await replaceRecoveryCodes(tx, deps, caller.userId, now);
          await recordAudit(tx, {
            organisationId,
            action: 'recovery_codes_regenerated',
            actorUserId: caller.userId,
            subject: caller.userId,
            ip: meta.ip,
            requestId: meta.requestId,
            details: { browser: meta.browser ?? null },
          });
          const owner = { id: caller.userId, email: caller.email };
          await queueSecurityNotice(tx, deps, mail, owner, 'recoveryCodesRegenerated', meta, now);
          return codes;
        });
        mail.wake();
        return { recoveryCodes };
      },
    }),
  );
}
