import type { Passkey } from '@coach/api';
import { signInFactorLimits, signInFactorMessages } from '@coach/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
  passkeyCount,
  passkeysOf,
  recentSecondFactorUntil,
  requireCoach,
  requireRecentProof,
  sessionFactorsOf,
} from './accountFactors.ts';
import { limitFactorChallenges } from './factorThrottle.ts';
import {
  checkRegistration,
  passkeyRefused,
  registrationOptions,
  relyingPartyOf,
} from './webauthn.ts';

type PasskeyRow = typeof schema.passkeys.$inferSelect;

function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    addedAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const notFound = () => new DomainError('not_found', signInFactorMessages.passkeyNotFound);
const full = () => new DomainError('factor_limit_reached', signInFactorMessages.passkeysFull);

/** A coach's sign-in methods, and their passkeys: listed, added, renamed, removed. */
export function passkeyRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps, mail, requireSession } = auth;
  const { database, organisationId } = deps;
  const { db } = database;
  const rp = relyingPartyOf(context.appUrl);

  app.route(
    contractRoute('listSignInMethods', {
      onRequest: requireSession,
      handler: async function handleListSignInMethods(request) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
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

  app.route(
    contractRoute('passkeyRegistrationOptions', {
      onRequest: requireSession,
      handler: async function handlePasskeyRegistrationOptions(request) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        await limitFactorChallenges(deps, caller.userId, metaOf(request), now);
        await requireRecentProof(db, caller, now);
        const existing = await passkeysOf(db, caller.userId);
        if (existing.length >= signInFactorLimits.passkeysMax) throw full();
        const user = { id: caller.userId, email: caller.email };
        return registrationOptions(db, deps, rp, user, existing, now);
      },
    }),
  );

  app.route(
    contractRoute('addPasskey', {
      onRequest: requireSession,
      handler: async function handleAddPasskey(request, reply) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const now = deps.options.now();
        const meta = metaOf(request);
        const { name, challengeId, credential } = request.body;
        // Adding a factor asks for proof, and is none itself (issue 64).
        await requireRecentProof(db, caller, now);
        // The challenge is used whatever the outcome: refusals are answered once it is gone.
        const outcome = await database.transaction(async (tx) => {
          const checked = await checkRegistration(
            tx,
            deps,
            rp,
            caller.userId,
            { challengeId, credential },
            now,
          );
          if (!checked) return 'refused' as const;
          if ((await passkeyCount(tx, caller.userId)) >= signInFactorLimits.passkeysMax) {
            return 'full' as const;
          }
          const [row] = await tx
            .insert(schema.passkeys)
            .values({
              organisationId,
              userId: caller.userId,
              name: name.trim(),
              createdAt: now,
              ...checked,
            })
            .onConflictDoNothing()
            .returning();
          if (!row) return 'refused' as const;
          // A session that had to enrol a factor has; the step-up's 5 minutes do not start.
          await markEnrolled(tx, caller);
          await recordAudit(tx, {
            organisationId,
            action: 'passkey_added',
            actorUserId: caller.userId,
            subject: row.id,
            ip: meta.ip,
            requestId: meta.requestId,
            details: { browser: meta.browser ?? null },
          });
          const owner = { id: caller.userId, email: caller.email };
          await queueSecurityNotice(tx, deps, mail, owner, 'passkeyAdded', meta, now);
          return row;
        });
        if (outcome === 'refused') throw passkeyRefused('bad_request');
        if (outcome === 'full') throw full();
        mail.wake();
        return reply.status(201).send(passkeyOf(outcome));
      },
    }),
  );

  app.route(
    contractRoute('renamePasskey', {
      onRequest: requireSession,
      handler: async function handleRenamePasskey(request) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const [row] = await db
          .update(schema.passkeys)
          .set({ name: request.body.name.trim() })
          .where(
            and(
              eq(schema.passkeys.id, request.params.id),
              eq(schema.passkeys.userId, caller.userId),
            ),
          )
          .returning();
        if (!row) throw notFound();
        await recordAudit(db, {
          organisationId,
          action: 'passkey_renamed',
          actorUserId: caller.userId,
          subject: row.id,
          ip: request.ip,
          requestId: request.id,
        });
        return passkeyOf(row);
      },
    }),
  );

  app.route(
    contractRoute('removePasskey', {
      onRequest: requireSession,
      handler: async function handleRemovePasskey(request, reply) {
        const caller = claimsOf(request);
        await requireCoach(db, organisationId, caller.userId);
        const ofCaller = and(
          eq(schema.passkeys.id, request.params.id),
          eq(schema.passkeys.userId, caller.userId),
        );
        const [passkey] = await db
          .select({ id: schema.passkeys.id })
          .from(schema.passkeys)
          .where(ofCaller);
        if (!passkey) throw notFound();
        const now = deps.options.now();
        const meta = metaOf(request);
        await database.transaction(async (tx) => {
          // One removal at a time per account: the last factor is kept whatever the concurrency.
          await lockAccount(tx, caller.userId);
          await requireRecentProof(tx, caller, now);
          const removed = await tx.delete(schema.passkeys).where(ofCaller).returning({
            id: schema.passkeys.id,
          });
          if (removed.length === 0) throw notFound();
          if (
            deps.options.isSecondFactorRequired &&
            !hasSecondFactor(await factorsOf(tx, caller.userId))
          ) {
            throw new DomainError('last_second_factor', signInFactorMessages.lastSecondFactor);
          }
          await recordAudit(tx, {
            organisationId,
            action: 'passkey_removed',
            actorUserId: caller.userId,
            subject: passkey.id,
            ip: meta.ip,
            requestId: meta.requestId,
            details: { browser: meta.browser ?? null },
          });
          const owner = { id: caller.userId, email: caller.email };
          await queueSecurityNotice(tx, deps, mail, owner, 'passkeyRemoved', meta, now);
        });
        mail.wake();
        return reply.status(204).send();
      },
    }),
  );
}
