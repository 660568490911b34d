import type { ActingKind } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/index.ts';
import {
  nowOf,
  publishClientChange,
  publishThreadChange,
  type ServiceContext,
} from '../core/index.ts';
import { coachActed } from './coachActed.ts';
import { type Charges, type QuotaOf, withQuota } from './quotas.ts';
import type { StoredWrite } from './storedWrite.ts';

// The one write path of a client's records (a client's own writes, a coach's notes, follow-ups,
// reports and phase changes, either side's messages): every write route describes its
// write (`ClientWrite`) and runs it here, in this order: the quota's check before the write (a
// client's rate, a coach's reports kept), what takes time outside the transaction (a report's
// render), then one transaction: the store, which charges the quota what it stores (past a
// limit the transaction rolls back and the request is refused, 429), and on a change the coach's
// action on the client (`coachActed`) and the live notice, published when it commits.

/** What a write's store is given. */
type WriteStep<Prepared> = {
  tx: Transaction;
  /** The write's instant (the context's now when its transaction starts). */
  now: Date;
  /** Charges the write's quota what it stores (before or after storing it); nothing for none. */
  charge: (charges: Charges) => Promise<void>;
  /** What `prepare` answered. */
  prepared: Prepared;
};

/** One write of a client's records, run by {@link writeClientRecord}. */
type ClientWrite<Result, Prepared = undefined> = {
  /** The client whose records are written. */
  client: { id: string; coachPersonId: string | null };
  /** The quota charged, and who pays it; none for a write without one. */
  quota?: QuotaOf;
  /** Before the transaction, once the quota's check passed: the work that takes time. */
  prepare?: () => Promise<Prepared>;
  /** The write itself, in its transaction. */
  store: (step: WriteStep<Prepared>) => Promise<Result>;
  /** Whether it changed anything (always by default; a retry does not): no action, no notice else. */
  changed?: (result: Result) => boolean;
  /** The coach's action on the client the write is: ends the follow-up, marks the episode. */
  acting?: { coachId: string; kind: ActingKind };
  /**
   * The notice of a change to the coach's live streams: 'figures', the client's figures changed;
   * 'thread', the client's thread with their coach. The client's figures are also told of when
   * the coach's action changed them.
   */
  notice?: 'figures' | 'thread';
};

/** Runs `write` (see {@link ClientWrite}) and answers what its store answered. */
export function writeClientRecord<Result, Prepared = undefined>(
  context: ServiceContext,
  request: FastifyRequest,
  write: ClientWrite<Result, Prepared>,
): Promise<Result> {
  const { database, organisationId } = context;
  const { client, acting, notice } = write;
  return withQuota(context, request, write.quota, async (charge) => {
    const prepared = (await write.prepare?.()) as Prepared;
    const now = nowOf(context);
    return database.transaction(async (tx) => {
      const step = { tx, now, prepared, charge: (charges: Charges) => charge(tx, charges, now) };
      const result = await write.store(step);
      if (write.changed && !write.changed(result)) return result;
      const action = acting && { organisationId, clientId: client.id, ...acting, at: now };
      const acted = action && (await coachActed(tx, action));
      if (notice === 'figures' || acted?.isClientChanged) {
        await publishClientChange(database, tx, client);
      }
      if (notice === 'thread' && client.coachPersonId) {
        await publishThreadChange(database, tx, {
          coachId: client.coachPersonId,
          clientId: client.id,
        });
      }
      return result;
    });
  });
}

/** Answers a stored write's value: 201 when this call stored it, 200 for a retry. */
export function answerStored<T>(
  reply: { status: (code: 200 | 201) => unknown },
  stored: StoredWrite<T>,
): T {
  reply.status(stored.isNew ? 201 : 200);
  return stored.value;
}
