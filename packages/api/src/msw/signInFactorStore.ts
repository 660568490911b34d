import { accountSecurityLimits, type SecondStepMethod, signInFactorLimits } from '@coach/domain';
import { Secret, TOTP } from 'otpauth';
import type { Passkey, SignInMethods } from '../contract/signInFactors.ts';
import type { MockState } from './state.ts';

// The second sign-in factors of a mock state (decision 73): passkeys, the authenticator app and
// recovery codes by user, the open second steps and challenges, and which sessions confirmed a
// second factor or entered the password lately (issue 64). The handlers of signInFactorHandlers.ts and the sign-in of handlers.ts
// read and change it; route.ts asks it which callers may only enrol one (REQUIRE_MFA).

const { totpDigits, totpPeriodSeconds, totpDriftSteps, recoveryCodeCount } = signInFactorLimits;

/** A kept passkey: what the contract answers, its user and the credential id the browser uses. */
export type MockPasskey = Passkey & { userId: string; credentialId: string };

/** A WebAuthn challenge the mock handed out: what it is for, and for whom when that is known. */
export type MockChallenge = {
  purpose: 'signIn' | 'secondStep' | 'register' | 'stepUp';
  challenge: string;
  userId: string | undefined;
  /** The second step a `secondStep` challenge is for. */
  secondStepToken?: string;
  expiresAtMs: number;
};

/** The second factors of one mock state. */
export type MockSignInFactors = {
  passkeys: MockPasskey[];
  /** Each user's confirmed authenticator app: its secret, when, and the last time step used. */
  authenticators: Map<string, { secret: string; addedAt: string; lastStep: number }>;
  /** The secret of an enrolment started and not yet confirmed, by user. */
  pendingSecrets: Map<string, string>;
  /** The recovery codes not used yet, by user. */
  recoveryCodes: Map<string, string[]>;
  /** How many times each user's recovery codes were made (the next ones differ). */
  recoveryGenerations: Map<string, number>;
  /** Open second steps by token; `passwordAtMs`: when its first step's password was entered. */
  /** Each live second step: whose, until when, the first step's password, a reset's new one. */
  secondSteps: Map<
    string,
    { userId: string; expiresAtMs: number; passwordAtMs?: number; newPassword?: string }
  >;
  challenges: Map<string, MockChallenge>;
  /** Until when a session (by access token) confirmed a second factor lately. */
  recentSecondFactor: Map<string, number>;
  /** Until when a session (by access token) counts as having entered its password lately. */
  recentPassword: Map<string, number>;
  /** Wrong codes by user since the last right one: the sign-in throttle's bucket. */
  wrongCodes: Map<string, number>;
  /** Wrong passwords entered again (a step-up) by user since the last right one. */
  wrongPasswords: Map<string, number>;
  /** REQUIRE_MFA: every coach enrols a second factor; the last one stays. */
  isSecondFactorRequired: boolean;
  sequence: number;
};

const byState = new WeakMap<MockState, MockSignInFactors>();

/** The second factors of a mock state (none for anyone at first). */
export function signInFactorsOf(state: MockState): MockSignInFactors {
  let factors = byState.get(state);
  if (!factors) {
    factors = {
      passkeys: [],
      authenticators: new Map(),
      pendingSecrets: new Map(),
      recoveryCodes: new Map(),
      recoveryGenerations: new Map(),
      secondSteps: new Map(),
      challenges: new Map(),
      recentSecondFactor: new Map(),
      recentPassword: new Map(),
      wrongCodes: new Map(),
      wrongPasswords: new Map(),
      isSecondFactorRequired: false,
      sequence: 0,
    };
    byState.set(state, factors);
  }
  return factors;
}

/** A mock id or token of the factors, `{kind}-{n}` (URL-safe, as the contract's tokens). */
export function nextFactorToken(factors: MockSignInFactors, kind: string): string {
  factors.sequence += 1;
  return `mock-${kind}-${factors.sequence}`;
}

/** The id of the mocks' `n`th passkey (a UUID, as the contract's ids). */
const passkeyId = (n: number) => `00000000-0000-4000-8f00-${String(n).padStart(12, '0')}`;

/** The authenticator secret the mocks hand out (fixed, so a story's QR code stays the same). */
export const demoAuthenticatorSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The credential id of the demo coach's seeded passkey, which the mock authenticator holds. */
export const fixturePasskeyCredentialId = 'bW9jay1wYXNza2V5LWRlbW8tY29hY2g';

function totpOf(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: totpDigits,
    period: totpPeriodSeconds,
  });
}

/** The authenticator app's code for a secret at an instant (what the coach's phone shows). */
export function authenticatorCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/**
 * The time step a code stands for, within one step of drift either way of `at` (RFC 6238, as
 * the server checks with otpauth), or null when it is none of them.
 */
export function authenticatorStepOf(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: at.getTime(),
    window: totpDriftSteps,
  });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds) + delta;
}

// The recovery codes' alphabet: no look-alikes (no i, l, o, 0, 1), as the domain's pattern says.
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes, the same for the same user and generation (stable stories). */
export function makeRecoveryCodes(userId: string, generation: number): string[] {
  // A small linear congruential generator seeded by the user and the generation.
  let seed = [...`${userId}:${generation}`].reduce(
    (hash, character) => (hash * 31 + character.charCodeAt(0)) >>> 0,
    7,
  );
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return recoveryAlphabet[(seed >>> 16) % recoveryAlphabet.length];
  };
  return Array.from({ length: recoveryCodeCount }, () => {
    const characters = Array.from({ length: 10 }, next).join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/** Makes a user's next recovery codes (the former ones stop working). */
export function renewRecoveryCodes(factors: MockSignInFactors, userId: string): string[] {
  const generation = (factors.recoveryGenerations.get(userId) ?? 0) + 1;
  factors.recoveryGenerations.set(userId, generation);
  const codes = makeRecoveryCodes(userId, generation);
  factors.recoveryCodes.set(userId, [...codes]);
  return codes;
}

/** Whether a user has any second factor. */
export function hasSecondFactor(factors: MockSignInFactors, userId: string): boolean {
  return (
    factors.passkeys.some((passkey) => passkey.userId === userId) ||
    factors.authenticators.has(userId)
  );
}

/** How many second factors a user has (each passkey, and the app). */
export function secondFactorCount(factors: MockSignInFactors, userId: string): number {
  return (
    factors.passkeys.filter((passkey) => passkey.userId === userId).length +
    (factors.authenticators.has(userId) ? 1 : 0)
  );
}

/** The ways a user can pass a second step. */
export function secondStepMethodsOf(
  factors: MockSignInFactors,
  userId: string,
): SecondStepMethod[] {
  const methods: SecondStepMethod[] = [];
  if (factors.passkeys.some((passkey) => passkey.userId === userId)) methods.push('passkey');
  if (factors.authenticators.has(userId)) methods.push('totp');
  if ((factors.recoveryCodes.get(userId)?.length ?? 0) > 0) methods.push('recovery');
  return methods;
}

/** The sign-in methods a session sees. */
export function signInMethodsOf(
  factors: MockSignInFactors,
  userId: string,
  accessToken: string | undefined,
  nowMs: number,
): SignInMethods {
  const recentUntil = accessToken ? factors.recentSecondFactor.get(accessToken) : undefined;
  return {
    passkeys: factors.passkeys
      .filter((passkey) => passkey.userId === userId)
      .map(({ id, name, addedAt, lastUsedAt }) => ({ id, name, addedAt, lastUsedAt })),
    authenticator: factors.authenticators.has(userId)
      ? { addedAt: factors.authenticators.get(userId)?.addedAt ?? new Date(nowMs).toISOString() }
      : null,
    recoveryCodesLeft: factors.recoveryCodes.get(userId)?.length ?? 0,
    isSecondFactorRequired: factors.isSecondFactorRequired,
    mustEnrol: factors.isSecondFactorRequired && !hasSecondFactor(factors, userId),
    recentSecondFactorUntil:
      recentUntil !== undefined && recentUntil > nowMs ? new Date(recentUntil).toISOString() : null,
  };
}

/** What a story or test seeds: a passkey of a user (the demo coach's by default). */
export type MockPasskeySeed = {
  userId: string;
  name?: string;
  /** The credential id the browser's authenticator holds (the fixture's by default). */
  credentialId?: string;
  addedAt?: string;
  lastUsedAt?: string | null;
};

/** Gives a user a passkey, as if they had added it. */
export function seedPasskey(state: MockState, seed: MockPasskeySeed): MockPasskey {
  const factors = signInFactorsOf(state);
  factors.sequence += 1;
  const passkey: MockPasskey = {
    id: passkeyId(factors.sequence),
    userId: seed.userId,
    credentialId: seed.credentialId ?? fixturePasskeyCredentialId,
    name: seed.name ?? 'MacBook Touch ID',
    addedAt: seed.addedAt ?? '2025-02-03T09:15:00.000Z',
    lastUsedAt: seed.lastUsedAt === undefined ? '2025-03-14T08:02:00.000Z' : seed.lastUsedAt,
  };
  factors.passkeys.push(passkey);
  return passkey;
}

/**
 * Gives a user a confirmed authenticator app ({@link demoAuthenticatorSecret} by default) and
 * their first recovery codes; answers those codes.
 */
export function seedAuthenticator(
  state: MockState,
  userId: string,
  { secret = demoAuthenticatorSecret, addedAt = '2025-02-10T10:30:00.000Z' } = {},
): string[] {
  const factors = signInFactorsOf(state);
  factors.authenticators.set(userId, { secret, addedAt, lastStep: -1 });
  return renewRecoveryCodes(factors, userId);
}

/**
 * Records that a session entered its password at `at` (a sign-in with it, or a step-up): for 5
 * minutes an account without a second factor may add one (issue 64). Stories and tests call it for
 * a fixture session that signed in just now.
 */
export function seedPasswordEntered(state: MockState, accessToken: string, at = new Date()): void {
  notePasswordEntered(signInFactorsOf(state), accessToken, at.getTime());
}

/** Opens a session's 5 minutes of the password entered, from `atMs`. */
export function notePasswordEntered(
  factors: MockSignInFactors,
  accessToken: string | undefined,
  atMs: number,
): void {
  if (accessToken) {
    factors.recentPassword.set(
      accessToken,
      atMs + accountSecurityLimits.recentPasswordSeconds * 1000,
    );
  }
}

/** REQUIRE_MFA on (or off) for a mock state. */
export function requireSecondFactor(state: MockState, isRequired = true): void {
  signInFactorsOf(state).isSecondFactorRequired = isRequired;
}

/**
 * Whether a caller may only enrol a second factor: REQUIRE_MFA, a coach without one. (The server
 * marks the session of a password sign-in; in the mocks every session of such a coach is one, as
 * any other sign-in would have needed a factor.)
 */
export function isEnrolOnlyCaller(state: MockState, userId: string): boolean {
  const factors = byState.get(state);
  if (!factors?.isSecondFactorRequired || hasSecondFactor(factors, userId)) return false;
  return state.persons.some((person) => person.userId === userId && person.type === 'coach');
}

export { passkeyId as mockPasskeyId };
