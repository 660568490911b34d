import { randomBytes } from 'node:crypto';
import { messages } from '@coach/domain';
import { type AuditEntry, recordAudit } from '../../audit.ts';
import type { AuditAction } from '../../db/auditActions.ts';
import { normalizeEmail, schema } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { clientAddressKey } from '../../http/clientAddress.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { wordingOf } from '../../texts/serverTexts.ts';
import { factorsOf, hasSecondFactor, isCoach, lockAccount } from './factors/accountFactors.ts';
import { type BrowserOfCaller, knownBrowserKey } from './factors/knownBrowsers.ts';
import { startSecondStep } from './factors/secondSteps.ts';
import { transactionEndingSessions } from './liveSessions.ts';
import type { SignInAnswer } from './login.ts';
import { clearAccountSignInLock } from './loginThrottle.ts';
import {
  type CodeLookup,
  type CodeOwner,
  hasLiveCode,
  mailedCodeDigest,
  mailOwnerNotice,
  matchesNewestCode,
  mayMailCode,
  newestMailedDigest,
  newMailedCode,
  resetRequestDigest,
  tryMailedCode,
  useMailedCode,
  voidMailedCode,
} from './mailedCodes.ts';
import { setResetPassword } from './passwordChange.ts';
import { hashPassword } from './passwords.ts';
import {
  enforceBucket,
  hitBucket,
  hitBuckets,
  refuseThrottled,
  sweepIdleBucketsSometimes,
  takeBackHit,
} from './rateLimit.ts';
import type { RequestMeta } from './requestMeta.ts';
import { addSeconds } from './secrets.ts';
import { issueTokens, type SessionDeps } from './sessions.ts';
import { findUserByEmail, mailLanguageOfUser } from './users.ts';

const wrongCode = () => new DomainError('wrong_code', messages.wrongCode);

/** Runs work once the answer has gone out. */
export type AfterAnswer = (work: () => Promise<void>) => void;

/**
 * Asks for a reset code. Only the rate limits (per address, and per email and address: a
 * stranger's requests never refuse the owner's) run before the answer; the account lookup, the
 * per-email ceiling of mails, the code and the mail come after it, through `afterAnswer`, so known
 * and unknown addresses get the same answer in the same time: no enumeration by either. The answer
 * names the request: its code is checked against its own tries (see `checkCodeOfRequest`).
 */
export async function requestPasswordReset(
  deps: SessionDeps,
  input: { email: string },
  meta: RequestMeta,
  mail: MailQueue,
  afterAnswer: AfterAnswer,
  browser: BrowserOfCaller = { cookie: null },
): Promise<{ resetRequestId: string }> {
  const email = normalizeEmail(input.email);
  const now = deps.options.now();
  await limitPerAddressAndPair(deps, 'resetRequest', email, meta, now);
  const resetRequestId = randomBytes(18).toString('base64url');
  afterAnswer(() => issueResetCode(deps, email, resetRequestId, meta, mail, browser));
  return { resetRequestId };
}

/**
 * Counts an attempt of `action` against the caller's address (an IPv6 one by its /64) and the
 * (email, address) pair, refusing it (audited in aggregate) when either is over its limit:
 * `rateLimits[action].perIp` and `.perAccount` (counted per pair here).
 */
async function limitPerAddressAndPair(
  deps: SessionDeps,
  action: 'resetRequest' | 'verifyCode',
  email: string,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  const { database, organisationId, options } = deps;
  const address = clientAddressKey(meta.ip);
  const limits = options.rateLimits[action];
  const [byAddress, byPair] = await hitBuckets(
    database.db,
    organisationId,
    [
      { key: `${action}:ip:${address}`, limit: limits.perIp },
      { key: pairKey(action, address, email), limit: limits.perAccount },
    ],
    now,
  );
  await sweepIdleBucketsSometimes(database.db, organisationId, now);
  const limited = byAddress.isLimited ? byAddress : byPair.isLimited ? byPair : null;
  if (limited) {
    const scope = byAddress.isLimited ? 'address' : 'pair';
    const { retryAfterSeconds } = limited;
    await refuseThrottled(
      database.db,
      organisationId,
      { action, scope, account: email, retryAfterSeconds, at: now },
      meta,
    );
  }
}

// '|' never occurs in an address key, so no two (address, email) pairs share a key.
const pairKey = (prefix: string, address: string, email: string) =>
  `${prefix}:pair:${address}|${email}`;
/** Every wrong code of an account in a day, from anyone: the owner is told once it is many. */
const wrongCodesKey = (email: string) => `reset-wrong:${email}`;
/** Wrong codes of an account in a day by checks that name no request: their own budget. */
const unnamedChecksKey = (email: string) => `reset-unnamed:${email}`;
const day = 24 * 60 * 60;

/**
 * Mails a new code for the request `resetRequestId` when `email` has an account; audits either
 * way. The code and its mail are stored in one transaction (the outbox sends it), so neither is
 * ever stored without the other. Earlier requests' codes stay live: each is its requester's.
 *
 * Mails are counted per account (no mail bombing from many addresses), but a browser the account
 * knows (knownBrowsers.ts) has a ceiling of its own: strangers never spend the owner's mails
 * there. Past the account's ceiling, another browser's request is answered by the code already in
 * the owner's mailbox (the newest one mailed, under a day old and unused): the request gets its
 * own row of that code, with its own tries and life, so the owner's own request always leads to a
 * usable code while the mailbox gets no more mail (issue 64).
 */
async function issueResetCode(
  deps: SessionDeps,
  email: string,
  resetRequestId: string,
  meta: RequestMeta,
  mail: MailQueue,
  browser: BrowserOfCaller,
): Promise<void> {
  const now = deps.options.now();
  const { database, organisationId, options } = deps;
  const user = await findUserByEmail(database.db, organisationId, email);
  const requested: AuditEntry = {
    organisationId,
    action: 'password_reset_requested',
    actorUserId: user?.id ?? null,
    subject: email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: user ? 'success' : 'failure',
    details: { isKnownAccount: Boolean(user) },
  };
  if (!user) {
    await recordAudit(database.db, requested);
    return;
  }
  const known = knownBrowserKey(deps, browser, user.id, now);
  const ceiling = {
    key: known === null ? `reset-mail:${email}` : `reset-mail:${email}|browser:${known}`,
    limit: options.resetCodeMailsPerAccount,
    limitedAction: 'resetRequest',
    subject: email,
  };
  const row = {
    organisationId,
    userId: user.id,
    purpose: 'reset' as const,
    requestHash: resetRequestDigest(deps, resetRequestId),
    requestAddress: clientAddressKey(meta.ip),
  };
  /** A code row's life, from its creation at `at`. */
  const lifeFrom = (at: Date) => ({
    createdAt: at,
    expiresAt: addSeconds(at, options.resetCodeTtlSeconds),
  });
  if (!(await mayMailCode(deps, ceiling, meta, now))) {
    if (known === null) {
      await attachToMailedCode(deps, { ...row, ...lifeFrom(now) }, email, requested, meta, now);
    }
    return;
  }
  const code = newMailedCode();
  const { texts, fill, plural } = wordingOf(
    await mailLanguageOfUser(database.db, organisationId, user.id),
  );
  await database.transaction(async (tx) => {
    // One request of the account at a time from here: its code's time and its mail's place in
    // the outbox are taken in the same order, so the newest code is the newest mail's.
    await lockAccount(tx, user.id);
    await tx.insert(codes).values({
      ...row,
      ...lifeFrom(options.now()),
      codeHash: mailedCodeDigest(deps, user.id, code),
    });
    await recordAudit(tx, requested);
    const minutes = Math.round(options.resetCodeTtlSeconds / 60);
    await mail.add(tx, {
      to: user.email,
      subject: texts.passwordReset.subject,
      text: [
        fill(texts.passwordReset.code, { code }),
        plural(texts.passwordReset.validity, minutes),
      ].join('\n\n'),
    });
  });
  mail.wake();
}

/**
 * A request past the account's ceiling of mails: its own row of the newest code mailed (under a
 * day old, unused), so the code in the owner's mailbox works with it; at most as many an hour as
 * mails (`reset-attach:`), so requests cannot multiply the tries on that code without bound.
 */
async function attachToMailedCode(
  deps: SessionDeps,
  row: Omit<typeof codes.$inferInsert, 'codeHash'> & { userId: string },
  email: string,
  requested: AuditEntry,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  const { database, options } = deps;
  const attachments = {
    key: `reset-attach:${email}`,
    limit: options.resetCodeMailsPerAccount,
    limitedAction: 'resetRequest',
    subject: email,
  };
  if (!(await mayMailCode(deps, attachments, meta, now))) return;
  await database.transaction(async (tx) => {
    const lookup: CodeLookup = {
      organisationId: row.organisationId,
      userId: row.userId,
      purpose: 'reset',
    };
    const codeHash = await newestMailedDigest(tx, lookup, addSeconds(now, -day));
    if (codeHash === undefined) return;
    await tx.insert(codes).values({ ...row, codeHash });
    await recordAudit(tx, { ...requested, details: { isKnownAccount: true, isAttached: true } });
  });
}

const codes = schema.passwordResetCodes;

type CheckedCode = { userId: string; codeId: string };

/** How a check that names no request is made (see `unnamedCheckOf`). */
type UnnamedCheck = { isBudgeted: boolean; requestAddress?: string };

/**
 * A check that names no request (the specification's bodies): from the address a live code was
 * asked for from, it tries that code with its own tries; from a browser the account knows, the
 * newest code, free of the account's budget; from anywhere else, the newest code under the
 * account's daily budget of such checks (`resetCodeAccountDailyMaxWrong`), which strangers can
 * spend, but never the owner's where they asked or signed in before (issue 64).
 */
async function unnamedCheckOf(
  deps: SessionDeps,
  user: { id: string } | undefined,
  email: string,
  meta: RequestMeta,
  browser: BrowserOfCaller,
  now: Date,
): Promise<UnnamedCheck> {
  const { database, organisationId, options } = deps;
  const address = clientAddressKey(meta.ip);
  if (user) {
    const asked: CodeLookup = {
      organisationId,
      userId: user.id,
      purpose: 'reset',
      requestAddress: address,
    };
    if (await hasLiveCode(deps, asked, now)) return { isBudgeted: false, requestAddress: address };
    if (knownBrowserKey(deps, browser, user.id, now) !== null) return { isBudgeted: false };
  }
  await enforceBucket(
    database.db,
    organisationId,
    unnamedChecksKey(email),
    { max: options.resetCodeAccountDailyMaxWrong, windowSeconds: day },
    { action: 'resetCodeDaily', scope: 'account', account: email },
    meta,
    now,
  );
  return { isBudgeted: true };
}

/**
 * Checks a code. With the request it was mailed for, the try is that request's own (see
 * `checkCodeOfRequest`): nobody but its requester can spend it, so no number of strangers' wrong
 * codes keeps the owner's code from working. Without one (a caller of the spec's bodies), the code
 * is matched against the account's newest, under a daily budget of such checks per account
 * (`resetCodeAccountDailyMaxWrong`) that refuses only checks without a request. Every wrong code
 * is counted per account and day, and the owner is told once they are many.
 */
async function checkCode(
  deps: SessionDeps,
  email: string,
  code: string,
  resetRequestId: string | undefined,
  meta: RequestMeta,
  mail: MailQueue,
  browser: BrowserOfCaller,
): Promise<CheckedCode | null> {
  const { database, organisationId, options } = deps;
  const now = options.now();
  const user = await findUserByEmail(database.db, organisationId, email);
  const unnamed =
    resetRequestId === undefined
      ? await unnamedCheckOf(deps, user, email, meta, browser, now)
      : { isBudgeted: false };
  const audit = (action: AuditAction, details: Record<string, unknown>) =>
    recordAudit(database.db, {
      organisationId,
      action,
      actorUserId: user?.id ?? null,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'failure',
      details,
    });
  if (!user) {
    await audit('password_reset_code_wrong', { reason: 'unknown_account' });
    return null;
  }
  const lookup = { organisationId, userId: user.id, purpose: 'reset' as const };
  if (resetRequestId !== undefined) {
    const checked = await checkCodeOfRequest(deps, lookup, user, code, resetRequestId, audit, mail);
    if (checked) return checked;
  } else if (unnamed.requestAddress !== undefined) {
    // The code asked for from this address: its own tries, like a check that names its request.
    const attempt = await tryMailedCode(
      deps,
      { ...lookup, requestAddress: unnamed.requestAddress },
      code,
      now,
    );
    if (attempt.outcome === 'right') return { userId: user.id, codeId: attempt.codeId };
    await audit('password_reset_code_wrong', { reason: 'wrong_code', isRequestNamed: false });
  } else {
    const codeId = await matchesNewestCode(deps, lookup, code, now);
    if (codeId) {
      if (unnamed.isBudgeted) {
        await takeBackHit(database.db, organisationId, unnamedChecksKey(email));
      }
      return { userId: user.id, codeId };
    }
    await audit('password_reset_code_wrong', { reason: 'wrong_code', isRequestNamed: false });
  }
  const wrong = await hitBucket(
    database.db,
    organisationId,
    wrongCodesKey(email),
    { max: options.resetCodeAccountDailyMaxWrong, windowSeconds: day },
    now,
  );
  if (wrong.count === options.resetCodeAccountDailyMaxWrong) {
    await tellOwnerOfGuessing(deps, user, wrong.count, mail);
  }
  return null;
}

/**
 * Spends one try of the code mailed for `resetRequestId`: a right code is the caller's; the last
 * wrong try voids it, and the owner is told (in their language) that it no longer works.
 */
async function checkCodeOfRequest(
  deps: SessionDeps,
  lookup: CodeLookup,
  user: { id: string; email: string },
  code: string,
  resetRequestId: string,
  audit: (action: AuditAction, details: Record<string, unknown>) => Promise<void>,
  mail: MailQueue,
): Promise<CheckedCode | null> {
  const { database, options } = deps;
  const now = options.now();
  const requestHash = resetRequestDigest(deps, resetRequestId);
  const attempt = await tryMailedCode(deps, { ...lookup, requestHash }, code, now);
  if (attempt.outcome === 'right') return { userId: user.id, codeId: attempt.codeId };
  if (attempt.outcome === 'none') {
    await audit('password_reset_code_wrong', { reason: 'no_live_code' });
    return null;
  }
  await audit('password_reset_code_wrong', {
    reason: 'wrong_code',
    codeId: attempt.codeId,
    failedAttempts: attempt.failedAttempts,
  });
  if (!attempt.isLastTry || !(await voidMailedCode(database.db, attempt.codeId, now))) return null;
  const max = options.resetCodeMaxAttempts;
  await mailOwnerNotice(deps, user, mail, ({ texts, fill }) => ({
    subject: texts.passwordReset.voidedSubject,
    paragraphs: [fill(texts.passwordReset.voided, { max }), texts.passwordReset.voidedAdvice],
  }));
  await audit('password_reset_code_voided', { codeId: attempt.codeId, failedAttempts: max });
  return null;
}

/** Tells the owner, once a day at most, that many wrong reset codes were tried on the account. */
function tellOwnerOfGuessing(
  deps: SessionDeps,
  user: CodeOwner,
  count: number,
  mail: MailQueue,
): Promise<void> {
  return mailOwnerNotice(deps, user, mail, ({ texts, fill }) => ({
    subject: texts.passwordReset.guessedSubject,
    paragraphs: [fill(texts.passwordReset.guessed, { count }), texts.passwordReset.guessedSafe],
  }));
}

/**
 * Limits code checks per address and per (email, address) pair, in 15-minute windows and per day
 * (`resetCodeDailyMaxChecks` a pair). No limit is keyed by the email alone but the budget of
 * checks that name no request, so a stranger's wrong codes never refuse the owner's own checks.
 */
async function limitCodeChecks(deps: SessionDeps, email: string, meta: RequestMeta) {
  const { database, organisationId, options } = deps;
  const now = options.now();
  await limitPerAddressAndPair(deps, 'verifyCode', email, meta, now);
  await enforceBucket(
    database.db,
    organisationId,
    pairKey('reset-daily', clientAddressKey(meta.ip), email),
    { max: options.resetCodeDailyMaxChecks, windowSeconds: day },
    { action: 'resetCodeDaily', scope: 'pair', account: email },
    meta,
    now,
  );
}

/**
 * Checks a reset code under the limits, without using it (a wrong one counts as a try), and
 * answers the email it was checked for with the code; refuses a wrong code.
 */
async function checkResetCode(
  deps: SessionDeps,
  input: { email: string; resetPasswordCode: string; resetRequestId?: string | undefined },
  meta: RequestMeta,
  mail: MailQueue,
  browser: BrowserOfCaller,
): Promise<{ email: string; checked: CheckedCode }> {
  const email = normalizeEmail(input.email);
  await limitCodeChecks(deps, email, meta);
  const checked = await checkCode(
    deps,
    email,
    input.resetPasswordCode,
    input.resetRequestId,
    meta,
    mail,
    browser,
  );
  if (!checked) throw wrongCode();
  return { email, checked };
}

/** Whether a reset code is right, without using it; a wrong one counts as a try. */
export async function verifyResetCode(
  deps: SessionDeps,
  input: { email: string; resetPasswordCode: string; resetRequestId?: string | undefined },
  meta: RequestMeta,
  mail: MailQueue,
  browser: BrowserOfCaller = { cookie: null },
): Promise<void> {
  await checkResetCode(deps, input, meta, mail, browser);
}

/**
 * Sets a new password with a reset code: the code is used up (once only), every session of the
 * user is revoked, and a fresh session starts. For an account with a second factor, the mailbox
 * alone changes nothing (issue 64): the code is used, and a second step keeps the new password
 * until a factor passes it (decision 73); only then is it set and do the sessions end.
 */
export async function resetPassword(
  deps: SessionDeps,
  input: {
    email: string;
    password: string;
    resetPasswordCode: string;
    resetRequestId?: string | undefined;
  },
  meta: RequestMeta,
  mail: MailQueue,
  browser: BrowserOfCaller = { cookie: null },
): Promise<SignInAnswer> {
  const { email, checked } = await checkResetCode(deps, input, meta, mail, browser);
  const passwordHash = await hashPassword(input.password);
  const now = deps.options.now();
  const user = { id: checked.userId, email };
  const factors = await factorsOf(deps.database.db, user.id);
  if (hasSecondFactor(factors)) {
    const step = await deps.database.transaction(async (tx) => {
      // A parallel reset used it first.
      if (!(await useMailedCode(tx, checked.codeId, now))) throw wrongCode();
      return startSecondStep(tx, deps, user, ['mailedCode'], factors, meta, now, passwordHash);
    });
    return { status: 202, body: step };
  }
  const mustEnrol =
    deps.options.isSecondFactorRequired &&
    (await isCoach(deps.database.db, deps.organisationId, user.id));
  const tokens = await transactionEndingSessions(deps.database, async (tx) => {
    const used = await useMailedCode(tx, checked.codeId, now);
    // A parallel reset used it first.
    if (!used) throw wrongCode();
    await setResetPassword(tx, deps, mail, checked.userId, passwordHash, meta, now);
    const issued = await issueTokens(tx, deps, checked.userId, now, undefined, {
      proofs: ['mailedCode'],
      // The new password was just entered.
      passwordAt: now,
      mustEnrol,
    });
    return { accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  });
  mail.wake();
  // The owner proved they hold the mailbox: strangers' sign-in failures no longer make their
  // sign-in ask for a mailed code.
  await clearAccountSignInLock(deps.database, deps.organisationId, email);
  return { status: 200, body: tokens, userId: checked.userId };
}
