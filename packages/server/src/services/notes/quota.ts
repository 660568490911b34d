import { messages, notesQuotas } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/index.ts';
import { refuseThrottled } from '../auth/index.ts';
import { chargeBuckets } from '../clientRecords/index.ts';
import type { ServiceContext } from '../core/index.ts';

// What one coach may write in a day over all their clients: notes, and follow-ups set or moved,
// counted on the shared `rate_limit_buckets` (fixed windows, every process alike) as the messages
// are. A write is charged in its own transaction, before anything is stored; past a quota the
// transaction rolls back (the charge with it), then the refusal is audited and answered 429 with
// Retry-After: a refused write stores nothing. A retry of a stored note (its id), or a follow-up
// set again as it is, stores nothing and is charged nothing.

/** A coach's quotas: notes and follow-ups (set or moved) a day. */
type NotesQuotas = { notesPerDay: number; followUpsPerDay: number };

/** What a deployment or a test passes: any subset. */
export type NotesQuotasInput = Partial<NotesQuotas>;

/** What a write is charged as. */
export type NotesWriteKind = 'note' | 'followUp';

const day = 24 * 60 * 60;

const byKind = {
  note: { key: 'notes:day', action: 'notesDaily', message: messages.tooManyNotes },
  followUp: { key: 'followUps:day', action: 'followUpsDaily', message: messages.tooManyFollowUps },
} as const;

/** The coach's quota of `kind`: the context's figures over the domain's. */
function quotaOf(context: ServiceContext, kind: NotesWriteKind): number {
  const quotas = { ...notesQuotas, ...context.notesQuotas };
  return kind === 'note' ? quotas.notesPerDay : quotas.followUpsPerDay;
}

/** Thrown in a write's transaction past a quota, so it rolls back; refused after it. */
class NotesQuotaReached extends Error {
  readonly kind: NotesWriteKind;
  readonly retryAfterSeconds: number;

  constructor(kind: NotesWriteKind, retryAfterSeconds: number) {
    super(`notes quota ${kind} reached`);
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Charges one write of `kind` to coach `coachId`'s day, in the write's transaction `tx` (one
 * statement), before it stores anything; past the quota it throws, and the transaction rolls
 * back: see {@link withNotesQuota}.
 */
export async function chargeNotesWrite(
  tx: Transaction,
  context: ServiceContext,
  coachId: string,
  kind: NotesWriteKind,
  now: Date,
): Promise<void> {
  const key = `${byKind[kind].key}:${coachId}`;
  const charged = await chargeBuckets(tx, context.organisationId, [{ key, amount: 1 }], day, now);
  const bucket = charged.get(key);
  if (bucket && bucket.count > quotaOf(context, kind)) {
    throw new NotesQuotaReached(kind, bucket.retryAfterSeconds);
  }
}

/**
 * Runs `write` (a transaction that calls {@link chargeNotesWrite}) and, when it rolled back past
 * a quota, refuses the request: audited outside the rolled-back transaction, then 429
 * `rate_limited` with Retry-After and the quota's own words.
 */
export async function withNotesQuota<T>(
  context: ServiceContext,
  request: FastifyRequest,
  coach: { userId: string },
  now: Date,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof NotesQuotaReached)) throw error;
    const { action, message } = byKind[error.kind];
    return refuseThrottled(
      context.database.db,
      context.organisationId,
      {
        action,
        scope: 'account',
        account: coach.userId,
        retryAfterSeconds: error.retryAfterSeconds,
        at: now,
        message,
      },
      { ip: request.ip, requestId: request.id },
    );
  }
}
