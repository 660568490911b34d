import { randomInt } from 'node:crypto';
import { signInFactorLimits } from '@coach/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/index.ts';
import { schema } from '../../../db/index.ts';
import { hmacHex } from '../secrets.ts';
import type { SessionDeps } from '../sessions.ts';

// Recovery codes: ten at once, 'abcde-fghjk' of an alphabet without look-alikes (31 letters and
// digits: about 50 bits a code), kept as keyed hashes, each usable once, replaced as a whole.

const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const codes = schema.recoveryCodes;

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

function digestOf(deps: SessionDeps, userId: string, code: string): string {
  return hmacHex(deps.options.codeSecret, `recovery:${userId}:${code}`);
}

/** Replaces every recovery code of `userId` by ten new ones, answered once in the clear. */
export async function replaceRecoveryCodes(
  tx: Transaction,
  deps: SessionDeps,
  userId: string,
  now: Date,
): Promise<string[]> {
  const fresh = new Set<string>();
  while (fresh.size < signInFactorLimits.recoveryCodeCount) fresh.add(newRecoveryCode());
  await tx.delete(codes).where(eq(codes.userId, userId));
  await tx.insert(codes).values(
    [...fresh].map((code) => ({
      organisationId: deps.organisationId,
      userId,
      codeHash: digestOf(deps, userId, code),
      createdAt: now,
    })),
  );
  return [...fresh];
}

/**
 * Uses a one-time code of `userId`'s second factor (an app's or a recovery code), so that it never
 * works twice: true when it was one they could use.
 */
export type UseFactorCode = (
  db: Database | Transaction,
  deps: SessionDeps,
  userId: string,
  code: string,
  now: Date,
) => Promise<boolean>;

/** Uses `code` of `userId` (once only): true when it was one of their unused codes. */
export const useRecoveryCode: UseFactorCode = async (db, deps, userId, code, now) => {
  const used = await db
    .update(codes)
    .set({ usedAt: now })
    .where(
      and(
        eq(codes.userId, userId),
        eq(codes.codeHash, digestOf(deps, userId, code.toLowerCase())),
        isNull(codes.usedAt),
      ),
    )
    .returning({ id: codes.id });
  return used.length > 0;
};
