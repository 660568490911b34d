import type { SecondStepCodeMethod } from '@coach/domain';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { schema } from '../../../db/index.ts';
import type { RequestMeta } from '../requestMeta.ts';
import type { SessionDeps } from '../sessions.ts';
import { confirmedAuthenticatorOf } from './accountFactors.ts';
import { beginFactorAnswer, rightFactorAnswer, wrongFactorAnswer } from './factorThrottle.ts';
import { useRecoveryCode } from './recoveryCodes.ts';
import { openSecret } from './sealing.ts';
import { stepOfCode } from './totp.ts';

const apps = schema.authenticatorApps;

/**
 * Uses an app code of `userId`'s confirmed authenticator: true when it is a code of the secret
 * around `now` for a later time step than the last one used (kept, so no code works twice).
 */
async function useAppCode(
  deps: SessionDeps,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const { db } = deps.database;
  const app = await confirmedAuthenticatorOf(db, userId);
  if (!app) return false;
  const step = stepOfCode(openSecret(deps.options.factorKey, userId, app.secretSealed), code, now);
  if (step === null) return false;
  const used = await db
    .update(apps)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(apps.userId, userId),
        isNotNull(apps.confirmedAt),
        or(isNull(apps.lastUsedStep), lt(apps.lastUsedStep, step)),
      ),
    )
    .returning({ userId: apps.userId });
  return used.length > 0;
}

/**
 * Checks (and uses up) a code of `userId`'s second factor under the throttle: an app code or a
 * recovery code. A wrong one is audited and refused (400 `wrong_code`); past the limits, 429.
 */
export async function useSecondFactorCode(
  deps: SessionDeps,
  userId: string,
  method: SecondStepCodeMethod,
  code: string,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  await beginFactorAnswer(deps, userId, meta, now);
  const isRight =
    method === 'totp'
      ? /^[0-9]+$/.test(code) && (await useAppCode(deps, userId, code, now))
      : await useRecoveryCode(deps.database.db, deps, userId, code, now);
  if (!isRight) await wrongFactorAnswer(deps, userId, method, meta);
  await rightFactorAnswer(deps, userId, meta);
}
