import { randomBytes } from 'node:crypto';

/** A fixed window: at most `max` attempts per `windowSeconds`. */
export type RateLimit = { max: number; windowSeconds: number };

/** The rate-limited actions, each counted per client IP and per account. */
export type RateLimitedAction = 'login' | 'resetRequest' | 'verifyCode' | 'refresh';

export type RateLimitPair = { perAccount: RateLimit; perIp: RateLimit };

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
  /** Idle lifetime of one refresh token (each rotation starts a new one). */
  refreshIdleSeconds: number;
  /** Absolute lifetime of a session (a refresh-token family), whatever the rotations. */
  refreshAbsoluteSeconds: number;
  /** How long after a rotation the same token may come again (two tabs refreshing at once). */
  refreshReuseGraceSeconds: number;
  resetCodeTtlSeconds: number;
  /** Wrong tries after which a reset code is void. */
  resetCodeMaxAttempts: number;
  inviteTtlSeconds: number;
  rateLimits: Record<RateLimitedAction, RateLimitPair>;
};

/** What a caller passes: any subset, limits per action and per kind. */
export type AuthOptionsInput = Partial<Omit<AuthOptions, 'rateLimits'>> & {
  rateLimits?: Partial<Record<RateLimitedAction, Partial<RateLimitPair>>>;
};

const minute = 60;
const day = 24 * 60 * minute;

export const defaultRateLimits: Record<RateLimitedAction, RateLimitPair> = {
  login: {
    perAccount: { max: 10, windowSeconds: 15 * minute },
    perIp: { max: 50, windowSeconds: 15 * minute },
  },
  resetRequest: {
    perAccount: { max: 5, windowSeconds: 15 * minute },
    perIp: { max: 20, windowSeconds: 15 * minute },
  },
  verifyCode: {
    perAccount: { max: 20, windowSeconds: 15 * minute },
    perIp: { max: 50, windowSeconds: 15 * minute },
  },
  refresh: {
    perAccount: { max: 120, windowSeconds: 15 * minute },
    perIp: { max: 600, windowSeconds: 15 * minute },
  },
};

let processCodeSecret: Uint8Array | null = null;

/** The options with every default filled in. */
export function resolveAuthOptions(input: AuthOptionsInput = {}): AuthOptions {
  const { rateLimits: limitInput, ...rest } = input;
  const rateLimits = Object.fromEntries(
    (Object.keys(defaultRateLimits) as RateLimitedAction[]).map((action) => [
      action,
      { ...defaultRateLimits[action], ...limitInput?.[action] },
    ]),
  ) as Record<RateLimitedAction, RateLimitPair>;
  processCodeSecret ??= randomBytes(32);
  return {
    now: () => new Date(),
    codeSecret: processCodeSecret,
    refreshIdleSeconds: 14 * day,
    refreshAbsoluteSeconds: 30 * day,
    refreshReuseGraceSeconds: 10,
    resetCodeTtlSeconds: 10 * minute,
    resetCodeMaxAttempts: 5,
    inviteTtlSeconds: 14 * day,
    ...stripUndefined(rest),
    rateLimits,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
