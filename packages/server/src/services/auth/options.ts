import { randomBytes } from 'node:crypto';
import { inviteTtlSeconds } from '@coach/domain';

/** A fixed window: at most `max` attempts per `windowSeconds`. */
export type RateLimit = { max: number; windowSeconds: number };

/**
 * The rate-limited actions, each counted per client address and per account; the reset-code ones
 * (`resetRequest`, `verifyCode`) count their `perAccount` per (account, client address) pair, so
 * a stranger cannot use up the owner's. Sign-in has its own rules (`LoginThrottle`).
 */
export type RateLimitedAction =
  | 'resetRequest'
  | 'verifyCode'
  | 'refresh'
  | 'inviteCreate'
  | 'inviteAccept'
  | 'inviteCheck'
  | 'secondFactor'
  | 'factorChallenge';

export type RateLimitPair = { perAccount: RateLimit; perIp: RateLimit };

/**
 * Sign-in throttling, counting failures only. Per (account, client address) pair: from its
 * `freeFailures`-th failure on, each failure makes the pair wait before its next try, first
 * `firstDelaySeconds`, doubling up to `maxDelaySeconds`. A success clears the pair, and its
 * failures are forgotten `forgetAfterSeconds` after the last one. Per account, from any address:
 * past `perAccount.max` failures in a window, every sign-in also needs a code mailed to the owner
 * (against guessing spread over many addresses, without keeping the owner out).
 */
export type LoginThrottle = {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
  perAccount: RateLimit;
  perAddress: AddressThrottle;
};

/**
 * Sign-in failures per client address (an IPv6 one by its /64), on any account, against password
 * spraying: `freeFailures` per fixed window of `windowSeconds`, then the address waits before each
 * next try, first `firstDelaySeconds`, doubling up to `maxDelaySeconds`.
 */
type AddressThrottle = {
  freeFailures: number;
  windowSeconds: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
};

/** Everything about the auth service a deployment (or a test) may tune. */
export type AuthOptions = {
  /** The clock of every expiry and window; tests move it. */
  now: () => Date;
  /**
   * HMAC-SHA-256 key for reset codes (a 6-digit code hashed without a secret is brute-forced
   * offline in a blink). Every process of a deployment must share it; without one, each process
   * makes its own, so a code only works on the process that made it.
   */
  codeSecret: string | Uint8Array;
  /**
   * AES-256-GCM key (32 bytes) sealing the authenticator apps' secrets at rest. Every process of
   * a deployment must share it (start.ts derives it from the JWT key); without one, each process
   * makes its own, and a secret sealed by another process can not be opened.
   */
  factorKey: Uint8Array;
  /** REQUIRE_MFA: every coach enrols a second factor, and keeps at least one (decision 73). */
  isSecondFactorRequired: boolean;
  /** Idle lifetime of one refresh token (each rotation starts a new one). */
  refreshIdleSeconds: number;
  /** Absolute lifetime of a session (a refresh-token family), whatever the rotations. */
  refreshAbsoluteSeconds: number;
  /** How long after a rotation the same token may come again (two tabs refreshing at once). */
  refreshReuseGraceSeconds: number;
  resetCodeTtlSeconds: number;
  /** Wrong tries after which a reset code is void. */
  resetCodeMaxAttempts: number;
  /**
   * Reset-code checks per (account, client address) pair in 24 h, whatever the codes: new codes
   * restart the five tries, so without it a patient guesser keeps its 15-minute budget all day.
   */
  resetCodeDailyMaxChecks: number;
  /**
   * Per account and 24 h: the checks of reset codes that name no reset request (a caller of the
   * spec's bodies) may be wrong this many times, then only such checks are refused; and once all
   * wrong codes of the day reach it, the owner is mailed, once. NIST SP 800-63B's ceiling of
   * consecutive failures (100): checks naming their request spend that request's own tries only.
   */
  resetCodeAccountDailyMaxWrong: number;
  /** Code mails per account, whoever asks (against mail bombing from many addresses). */
  resetCodeMailsPerAccount: RateLimit;
  /** Sign-in code mails per account (only a right password has one mailed). */
  signInCodeMailsPerAccount: RateLimit;
  /** How long an invite link works after it was (last) sent; the contract's 14 days by default. */
  inviteTtlSeconds: number;
  rateLimits: Record<RateLimitedAction, RateLimitPair>;
  loginThrottle: LoginThrottle;
};

/** What a caller passes: any subset, limits per action and per kind. */
export type AuthOptionsInput = Partial<Omit<AuthOptions, 'rateLimits' | 'loginThrottle'>> & {
  rateLimits?: Partial<Record<RateLimitedAction, Partial<RateLimitPair>>>;
  loginThrottle?: Partial<Omit<LoginThrottle, 'perAddress'>> & {
    perAddress?: Partial<AddressThrottle>;
  };
};

const minute = 60;
const day = 24 * 60 * minute;

/**
 * Five free failures, then 30 s, 1 min, 2 min... up to 15 min between tries for that pair; past
 * 100 failures an hour for the account from everywhere (ten times what a person mistypes, NIST SP
 * 800-63B's ceiling of consecutive failures), a mailed code as well. Per address, on any account: 50 free failures an hour (an office or a
 * carrier's NAT of real users mistyping stays far below: each success takes its own attempt
 * back), then 30 s, 1 min... up to 15 min between tries: a sprayer gets about 55 tries an hour
 * per address, where it had 60 a second.
 */
const defaultLoginThrottle: LoginThrottle = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * minute,
  forgetAfterSeconds: 60 * minute,
  perAccount: { max: 100, windowSeconds: 60 * minute },
  perAddress: {
    freeFailures: 50,
    windowSeconds: 60 * minute,
    firstDelaySeconds: 30,
    maxDelaySeconds: 15 * minute,
  },
};

const defaultRateLimits: Record<RateLimitedAction, RateLimitPair> = {
  // Per (email, address) pair; the mails per email have their own ceiling.
  resetRequest: {
    perAccount: { max: 5, windowSeconds: 15 * minute },
    perIp: { max: 20, windowSeconds: 15 * minute },
  },
  // Per (email, address) pair, see RateLimitedAction.
  verifyCode: {
    perAccount: { max: 10, windowSeconds: 15 * minute },
    perIp: { max: 50, windowSeconds: 15 * minute },
  },
  refresh: {
    perAccount: { max: 120, windowSeconds: 15 * minute },
    perIp: { max: 600, windowSeconds: 15 * minute },
  },
  // Per coach: each invite is a mail to an address the coach typed (a spam and a probe of which
  // addresses have an account), far more than a coach invites in an hour. Per address higher, for
  // a practice whose coaches share one.
  inviteCreate: {
    perAccount: { max: 50, windowSeconds: 60 * minute },
    perIp: { max: 200, windowSeconds: 60 * minute },
  },
  // Counted per IP only: the token is 256 random bits, so the limit guards the server, not it.
  inviteAccept: {
    perAccount: { max: 10, windowSeconds: 15 * minute },
    perIp: { max: 20, windowSeconds: 15 * minute },
  },
  // Counted per IP only, like accepting: the invite page checks its link on each load, so more
  // than acceptance allows (a reload, a second device behind one address), still far below
  // what probing tokens would need.
  inviteCheck: {
    perAccount: { max: 60, windowSeconds: 15 * minute },
    perIp: { max: 60, windowSeconds: 15 * minute },
  },
  // Wrong second-factor answers (app codes, recovery codes, passkey assertions), counted first and
  // taken back when right: like reset codes' checks. A 6-digit code with one step of drift either
  // way is 3 in a million a try: 10 per 15 minutes is under 1,000 a day per account.
  secondFactor: {
    perAccount: { max: 10, windowSeconds: 15 * minute },
    perIp: { max: 50, windowSeconds: 15 * minute },
  },
  // Passkey challenges and authenticator secrets asked for (each is a row): the sign-in screen's
  // passkey autofill asks on every load.
  factorChallenge: {
    perAccount: { max: 60, windowSeconds: 15 * minute },
    perIp: { max: 120, windowSeconds: 15 * minute },
  },
};

let processCodeSecret: Uint8Array | null = null;
let processFactorKey: Uint8Array | null = null;

/** The options with every default filled in. */
export function resolveAuthOptions(input: AuthOptionsInput = {}): AuthOptions {
  const { rateLimits: limitInput, loginThrottle, ...rest } = input;
  const rateLimits = Object.fromEntries(
    (Object.keys(defaultRateLimits) as RateLimitedAction[]).map((action) => [
      action,
      { ...defaultRateLimits[action], ...limitInput?.[action] },
    ]),
  ) as Record<RateLimitedAction, RateLimitPair>;
  processCodeSecret ??= randomBytes(32);
  processFactorKey ??= randomBytes(32);
  return {
    now: () => new Date(),
    codeSecret: processCodeSecret,
    factorKey: processFactorKey,
    isSecondFactorRequired: false,
    refreshIdleSeconds: 14 * day,
    refreshAbsoluteSeconds: 30 * day,
    refreshReuseGraceSeconds: 10,
    resetCodeTtlSeconds: 10 * minute,
    resetCodeMaxAttempts: 5,
    resetCodeDailyMaxChecks: 10,
    resetCodeAccountDailyMaxWrong: 100,
    resetCodeMailsPerAccount: { max: 10, windowSeconds: 60 * minute },
    signInCodeMailsPerAccount: { max: 10, windowSeconds: 60 * minute },
    inviteTtlSeconds,
    ...stripUndefined(rest),
    rateLimits,
    loginThrottle: {
      ...defaultLoginThrottle,
      ...stripUndefined(loginThrottle ?? {}),
      perAddress: {
        ...defaultLoginThrottle.perAddress,
        ...stripUndefined(loginThrottle?.perAddress ?? {}),
      },
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
