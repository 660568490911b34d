import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { recordRefusal } from '../../audit.ts';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import type { MailedCodePurpose } from '../../db/schema.ts';
import { clientAddressKey } from '../../http/clientAddress.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { type Wording, wordingOf } from '../../texts/serverTexts.ts';
import type { AuthOptions, RateLimit } from './options.ts';
import { hitBucket } from './rateLimit.ts';
import type { RequestMeta } from './requestMeta.ts';
import { hmacHex, sameDigest } from './secrets.ts';
import type { SessionDeps } from './sessions.ts';
import { mailLanguageOfUser } from './users.ts';

// Six-digit codes mailed to an account's owner: a password reset's (one per reset request) and a
// sign-in's further proof. Each code has its own tries, spent atomically, so parallel guesses can
// never exceed them; at the last wrong try the code is void.

const codes = schema.passwordResetCodes;

/** Six digits from the CSPRNG, leading zeros kept. */
export function newMailedCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What a digest needs: the server's key. */
type DigestDeps = { options: Pick<AuthOptions, 'codeSecret'> };

/** The stored form of a code: HMAC-SHA-256 under the server's key, bound to the user. */
export function mailedCodeDigest(deps: DigestDeps, userId: string, code: string): string {
  return hmacHex(deps.options.codeSecret, `${userId}:${code}`);
}

/** The stored form of a reset request's id: only its holder can name the request's code. */
export function resetRequestDigest(deps: DigestDeps, resetRequestId: string): string {
  return hmacHex(deps.options.codeSecret, `reset request:${resetRequestId}`);
}

/** Which live code a try is for: one reset request's, or a user's newest of a purpose. */
export type CodeLookup = {
  organisationId: string;
  userId: string;
  purpose: MailedCodePurpose;
  /** A reset request's digest ({@link resetRequestDigest}); without it, the newest code. */
  requestHash?: string;
  /** The requester's address key: the newest code asked for from there. */
  requestAddress?: string;
};

/** How a try ended: right (the try given back), wrong (with the tries spent), or no live code. */
export type CodeTry =
  | { outcome: 'right'; codeId: string }
  | { outcome: 'wrong'; codeId: string; failedAttempts: number; isLastTry: boolean }
  | { outcome: 'none' };

const isLive = (now: Date) =>
  and(isNull(codes.usedAt), isNull(codes.voidedAt), gt(codes.expiresAt, now));

/** The codes of `lookup`, live or not. */
function codesOf(lookup: CodeLookup) {
  return and(
    eq(codes.organisationId, lookup.organisationId),
    eq(codes.userId, lookup.userId),
    eq(codes.purpose, lookup.purpose),
    lookup.requestHash === undefined ? undefined : eq(codes.requestHash, lookup.requestHash),
    lookup.requestAddress === undefined
      ? undefined
      : eq(codes.requestAddress, lookup.requestAddress),
  );
}

/** The live code of `lookup`, if any (with tries left). */
function liveCodeOf(deps: SessionDeps, lookup: CodeLookup, now: Date) {
  return and(
    codesOf(lookup),
    isLive(now),
    lt(codes.failedAttempts, deps.options.resetCodeMaxAttempts),
  );
}

/** Whether `lookup` has a live code (with tries left). */
export async function hasLiveCode(deps: SessionDeps, lookup: CodeLookup, now: Date) {
  const [row] = await deps.database.db
    .select({ id: codes.id })
    .from(codes)
    .where(liveCodeOf(deps, lookup, now))
    .limit(1);
  return row !== undefined;
}

/**
 * The digest of the newest code of `lookup` mailed since `since` and not used: voided or over, it
 * is still the one in the owner's mailbox.
 */
export async function newestMailedDigest(
  db: Database | Transaction,
  lookup: CodeLookup,
  since: Date,
): Promise<string | undefined> {
  const [newest] = await db
    .select({ codeHash: codes.codeHash })
    .from(codes)
    .where(and(codesOf(lookup), isNull(codes.usedAt), gt(codes.createdAt, since)))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  return newest?.codeHash;
}

/**
 * Spends one try of the live code of `lookup` on `code`, in one UPDATE (`failed_attempts + 1 ...
 * WHERE failed_attempts < max`); a right code gives its try back.
 */
export async function tryMailedCode(
  deps: SessionDeps,
  lookup: CodeLookup,
  code: string,
  now: Date,
): Promise<CodeTry> {
  const { db } = deps.database;
  const max = deps.options.resetCodeMaxAttempts;
  const newest = db
    .select({ id: codes.id })
    .from(codes)
    .where(liveCodeOf(deps, lookup, now))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  const [row] = await db
    .update(codes)
    .set({ failedAttempts: sql`${codes.failedAttempts} + 1` })
    .where(and(eq(codes.id, sql`(${newest})`), lt(codes.failedAttempts, max)))
    .returning({ id: codes.id, codeHash: codes.codeHash, failedAttempts: codes.failedAttempts });
  if (!row) return { outcome: 'none' };
  if (sameDigest(mailedCodeDigest(deps, lookup.userId, code), row.codeHash)) {
    await db
      .update(codes)
      .set({ failedAttempts: sql`greatest(${codes.failedAttempts} - 1, 0)` })
      .where(eq(codes.id, row.id));
    return { outcome: 'right', codeId: row.id };
  }
  return {
    outcome: 'wrong',
    codeId: row.id,
    failedAttempts: row.failedAttempts,
    isLastTry: row.failedAttempts >= max,
  };
}

/**
 * Whether `code` is the newest live code of `lookup`, without spending any of its tries: for
 * checks that name no request, which a budget of their own bounds instead.
 */
export async function matchesNewestCode(
  deps: SessionDeps,
  lookup: CodeLookup,
  code: string,
  now: Date,
): Promise<string | null> {
  const [row] = await deps.database.db
    .select({ id: codes.id, codeHash: codes.codeHash })
    .from(codes)
    .where(liveCodeOf(deps, lookup, now))
    .orderBy(desc(codes.createdAt))
    .limit(1);
  if (!row) return null;
  return sameDigest(mailedCodeDigest(deps, lookup.userId, code), row.codeHash) ? row.id : null;
}

/** Voids a code; true for the one call that did (of parallel wrong tries, only one reports). */
export async function voidMailedCode(db: Database, codeId: string, now: Date): Promise<boolean> {
  const [voided] = await db
    .update(codes)
    .set({ voidedAt: now })
    .where(and(eq(codes.id, codeId), isNull(codes.voidedAt)))
    .returning({ id: codes.id });
  return voided !== undefined;
}

/** Uses a code up (once only): false when a parallel use, a void or its expiry came first. */
export async function useMailedCode(
  db: Database | Transaction,
  codeId: string,
  now: Date,
): Promise<boolean> {
  const [used] = await db
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.id, codeId), isLive(now)))
    .returning({ id: codes.id });
  return used !== undefined;
}

/** Who a mailed code or notice goes to. */
export type CodeOwner = { id: string; email: string };

/**
 * Counts one code mail against the account's ceiling (`key`, whoever asks: no mail bombing from
 * many addresses); over it, the refusal is counted in aggregate and no mail may go.
 */
export async function mayMailCode(
  deps: SessionDeps,
  ceiling: { key: string; limit: RateLimit; limitedAction: string; subject: string },
  meta: RequestMeta,
  now: Date,
): Promise<boolean> {
  const { database, organisationId } = deps;
  const mails = await hitBucket(database.db, organisationId, ceiling.key, ceiling.limit, now);
  if (!mails.isLimited) return true;
  await recordRefusal(
    database.db,
    {
      organisationId,
      limitedAction: ceiling.limitedAction,
      scope: 'account',
      subject: ceiling.subject,
      ip: meta.ip,
      requestId: meta.requestId,
      retryAfterSeconds: mails.retryAfterSeconds,
      at: now,
    },
    clientAddressKey(meta.ip),
  );
  return false;
}

/** Mails the owner a notice (never a code) in their language: `compose` words it. */
export async function mailOwnerNotice(
  deps: SessionDeps,
  owner: CodeOwner,
  mail: MailQueue,
  compose: (wording: Wording) => { subject: string; paragraphs: string[] },
): Promise<void> {
  const { database, organisationId } = deps;
  const wording = wordingOf(await mailLanguageOfUser(database.db, organisationId, owner.id));
  const { subject, paragraphs } = compose(wording);
  await database.transaction((tx) =>
    mail.add(tx, { to: owner.email, subject, text: paragraphs.join('\n\n') }),
  );
  mail.wake();
}
