import type { Passkey } from '@coach/api';
import { signInFactorLimits, signInFactorMessages } from '@coach/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../audit.ts';
import { schema } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { type AuthRouteDeps, coachCallOf } from '../routeDeps.ts';
import { markEnrolled, passkeyCount, passkeysOf, requireRecentProof } from './accountFactors.ts';
import {
  lockedFactorChange,
  recordFactorChange,
  requireSecondFactorLeft,
} from './factorChanges.ts';
import { limitFactorChallenges } from './factorThrottle.ts';
import {
  checkRegistration,
  passkeyRefused,
  registrationOptions,
  relyingPartyOf,
} from './webauthn.ts';

type PasskeyRow = typeof schema.passkeys.$inferSelect;

export function passkeyOf(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    addedAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const notFound = () => new DomainError('not_found', signInFactorMessages.passkeyNotFound);
const full = () => new DomainError('factor_limit_reached', signInFactorMessages.passkeysFull);

/** A coach's passkeys: added, renamed, removed. */
export function passkeyRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps, mail, requireSession } = auth;
  const { database, organisationId } = deps;
  const { db } = database;
  const rp = relyingPartyOf(context.appUrl);

  app.route(
    contractRoute('passkeyRegistrationOptions', {
      onRequest: requireSession,
      handler: async function handlePasskeyRegistrationOptions(request) {
        const { caller, now, meta } = await coachCallOf(deps, request);
        await limitFactorChallenges(deps, caller.userId, meta, now);
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
        const call = await coachCallOf(deps, request);
        const { caller, now } = call;
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
          await markEnrolled(tx, caller);
          await recordFactorChange(tx, auth, call, 'passkeyAdded', row.id);
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
        const { caller, meta } = await coachCallOf(deps, request);
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
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return passkeyOf(row);
      },
    }),
  );

  app.route(
    contractRoute('removePasskey', {
      onRequest: requireSession,
      handler: async function handleRemovePasskey(request, reply) {
        const call = await coachCallOf(deps, request);
        const { caller } = call;
        const ofCaller = and(
          eq(schema.passkeys.id, request.params.id),
          eq(schema.passkeys.userId, caller.userId),
        );
        const [passkey] = await db
          .select({ id: schema.passkeys.id })
          .from(schema.passkeys)
          .where(ofCaller);
        if (!passkey) throw notFound();
        await lockedFactorChange(auth, call, 'passkeyRemoved', passkey.id, async (tx) => {
          const removed = await tx.delete(schema.passkeys).where(ofCaller).returning({
            id: schema.passkeys.id,
          });
          if (removed.length === 0) throw notFound();
          await requireSecondFactorLeft(tx, auth, caller.userId);
        });
        return reply.status(204).send();
      },
    }),
  );
}
