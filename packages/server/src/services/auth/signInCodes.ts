import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '../../db/index.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { wordingOf } from '../../texts/serverTexts.ts';
import {
  type CodeOwner,
  mailedCodeDigest,
  mailOwnerNotice,
  mayMailCode,
  newMailedCode,
  tryMailedCode,
  useMailedCode,
  voidMailedCode,
} from './mailedCodes.ts';
import type { RequestMeta } from './requestMeta.ts';
import { addSeconds } from './secrets.ts';
import type { SessionDeps } from './sessions.ts';
import { mailLanguageOfUser } from './users.ts';

// Sign-in codes: the further proof a sign-in gives once strangers' failures on the account have
// passed its ceiling (see loginThrottle.ts). Only a right password has one mailed, so the owner
// gets them and a guesser of passwords never does; a code has its own tries, like a reset code's.

const codes = schema.passwordResetCodes;

/**
 * Mails the owner a new sign-in code (voiding their previous one), unless the account's ceiling of
 * such mails is reached (then the code mailed last stays live).
 */
export async function mailSignInCode(
  deps: SessionDeps,
  owner: CodeOwner,
  meta: RequestMeta,
  mail: MailQueue,
  now: Date,
): Promise<void> {
  const { database, organisationId, options } = deps;
  const ceiling = {
    key: `signin-mail:${owner.id}`,
    limit: options.signInCodeMailsPerAccount,
    limitedAction: 'signInCodeMail',
    subject: owner.email,
  };
  if (!(await mayMailCode(deps, ceiling, meta, now))) return;
  const code = newMailedCode();
  const { texts, fill, plural } = wordingOf(
    await mailLanguageOfUser(database.db, organisationId, owner.id),
  );
  await database.transaction(async (tx) => {
    await tx
      .update(codes)
      .set({ voidedAt: now })
      .where(
        and(
          eq(codes.userId, owner.id),
          eq(codes.purpose, 'sign_in'),
          isNull(codes.usedAt),
          isNull(codes.voidedAt),
        ),
      );
    await tx.insert(codes).values({
      organisationId,
      userId: owner.id,
      purpose: 'sign_in',
      codeHash: mailedCodeDigest(deps, owner.id, code),
      createdAt: now,
      expiresAt: addSeconds(now, options.resetCodeTtlSeconds),
    });
    await mail.add(tx, {
      to: owner.email,
      subject: texts.signIn.codeSubject,
      text: [
        fill(texts.signIn.code, { code }),
        texts.signIn.codeWhy,
        plural(texts.signIn.validity, Math.round(options.resetCodeTtlSeconds / 60)),
      ].join('\n\n'),
    });
  });
  mail.wake();
}

/** Spends a try of the owner's live sign-in code on `code`: true when right, and then used up. */
export async function useSignInCode(
  deps: SessionDeps,
  ownerId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const lookup = {
    organisationId: deps.organisationId,
    userId: ownerId,
    purpose: 'sign_in' as const,
  };
  const attempt = await tryMailedCode(deps, lookup, code, now);
  if (attempt.outcome === 'right') return useMailedCode(deps.database.db, attempt.codeId, now);
  if (attempt.outcome === 'wrong' && attempt.isLastTry) {
    await voidMailedCode(deps.database.db, attempt.codeId, now);
  }
  return false;
}

/**
 * Tells the owner, once per window of the account's ceiling, that it was reached: their password
 * still works, and until the window ends signing in also asks for a mailed code.
 */
export async function tellOwnerOfPasswordGuessing(
  deps: SessionDeps,
  owner: CodeOwner,
  until: Date,
  mail: MailQueue,
): Promise<void> {
  const { options } = deps;
  await mailOwnerNotice(deps, owner, mail, ({ language, texts, fill }) => {
    const when = new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(until);
    return {
      subject: texts.signIn.guessedSubject,
      paragraphs: [
        fill(texts.signIn.guessed, { max: options.loginThrottle.perAccount.max }),
        fill(texts.signIn.guessedUntil, { until: `${when} UTC` }),
      ],
    };
  });
}
