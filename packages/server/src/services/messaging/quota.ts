import { type MessageAuthor, messages, messagingQuotas } from '@coach/domain';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/index.ts';
import { refuseThrottled } from '../auth/index.ts';
import { chargeBuckets } from '../clientRecords/index.ts';
import type { ServiceContext } from '../core/index.ts';

// The messages one writer may send (a coach over all their clients, a client their own): a
// minute's and a day's messages and a day's characters, counted on the shared
// `rate_limit_buckets` (fixed windows, every process alike) as the clients' write quotas are. A
// new message is charged in its own transaction, after it is stored; past a quota the
// transaction rolls back (the message and the charge), then the refusal is audited and answered
// 429 with Retry-After. A retry of a stored id stores nothing and is charged nothing.

/** One writer's quota: messages a minute and a day, characters a day. */
type MessagingQuota = { perMinute: number; perDay: number; charactersPerDay: number };

/** What a deployment or a test passes: any subset, per author. */
export type MessagingQuotasInput = Partial<Record<MessageAuthor, Partial<MessagingQuota>>>;

/** The quota of `author`: the context's figures over the domain's. */
function quotaOf(context: ServiceContext, author: MessageAuthor): MessagingQuota {
  return { ...messagingQuotas[author], ...context.messagingQuotas?.[author] };
}

const minute = 60;
const day = 24 * 60 * minute;

/** Thrown in a send's transaction past a quota, so it rolls back; refused after it. */
class MessageQuotaReached extends Error {
  readonly action: 'messagesRate' | 'messagesDaily' | 'messageCharactersDaily';
  readonly retryAfterSeconds: number;

  constructor(action: MessageQuotaReached['action'], retryAfterSeconds: number) {
    super(`message quota ${action} reached`);
    this.action = action;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Charges one new message of `characters` to `writer`'s quotas, in the send's transaction `tx`
 * (two statements); past one it throws, and the transaction rolls back: see
 * {@link withMessageQuota}.
 */
export async function chargeMessage(
  tx: Transaction,
  context: ServiceContext,
  writer: { id: string; author: MessageAuthor },
  characters: number,
  now: Date,
): Promise<void> {
  const quota = quotaOf(context, writer.author);
  const keys = {
    minute: `messages:minute:${writer.id}`,
    day: `messages:day:${writer.id}`,
    characters: `messages:characters:${writer.id}`,
  };
  const { organisationId } = context;
  const byMinute = await chargeBuckets(
    tx,
    organisationId,
    [{ key: keys.minute, amount: 1 }],
    minute,
    now,
  );
  const byDay = await chargeBuckets(
    tx,
    organisationId,
    [
      { key: keys.day, amount: 1 },
      { key: keys.characters, amount: characters },
    ],
    day,
    now,
  );
  const checks = [
    ['messagesRate', byMinute.get(keys.minute), quota.perMinute],
    ['messagesDaily', byDay.get(keys.day), quota.perDay],
    ['messageCharactersDaily', byDay.get(keys.characters), quota.charactersPerDay],
  ] as const;
  for (const [action, bucket, max] of checks) {
    if (bucket && bucket.count > max)
      throw new MessageQuotaReached(action, bucket.retryAfterSeconds);
  }
}

/**
 * Runs `send` (a transaction that calls {@link chargeMessage}) and, when it rolled back past a
 * quota, refuses the request: audited outside the rolled-back transaction, then 429
 * `rate_limited` with Retry-After and the messages' own words.
 */
export async function withMessageQuota<T>(
  context: ServiceContext,
  request: FastifyRequest,
  writer: { id: string; userId: string },
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof MessageQuotaReached)) throw error;
    return refuseThrottled(
      context.database.db,
      context.organisationId,
      {
        action: error.action,
        scope: 'account',
        account: writer.userId,
        retryAfterSeconds: error.retryAfterSeconds,
        message: messages.tooManyMessages,
      },
      { ip: request.ip, requestId: request.id },
    );
  }
}
