import { accountSecurityLimits, type SecondStepMethod, signInFactorLimits } from '@coach/domain';
import { Secret, TOTP } from 'otpauth';
import type { Passkey, SignInMethods } from '../contract/signInFactors.ts';

import { type MockState, nextMockId, perState } from './state.ts';

// The second sign-in factors of a mock state (decision 73): passkeys, the authenticator app and
// recovery codes by user, the open second steps, and which sessions confirmed a second factor or
// entered the password lately (issue 64). The handlers of signInFactorHandlers.ts and the sign-in
// of handlers.ts read and change it; route.ts asks it which callers may only enrol one.

const { totpDigits, totpPeriodSeconds, totpDriftSteps, recoveryCodeCount } = signInFactorLimits;

/** A kept passkey: what the contract answers, its user and the credential id the browser uses. */
export type MockPasskey = Passkey & { userId: string; credentialId: string };

/** The second factors of one mock state (none for anyone at first). */
export const signInFactorsOf = perState(() => ({
  passkeys: [] as MockPasskey[],
  /** Each user's confirmed authenticator app: its secret, and when it was added. */
  authenticators: new Map<string, { secret: string; addedAt: string }>(),
  /** The secret of an enrolment started and not yet confirmed, by user. */
  pendingSecrets: new Map<string, string>(),
  /** The recovery codes not used yet, by user. */
  recoveryCodes: new Map<string, string[]>(),
  /** How many times each user's recovery codes were made (the next ones differ). */
  recoveryGenerations: new Map<string, number>(),
  /** Each open second step by token: whose, when its first step's password was entered, a reset's new one. */
  secondSteps: new Map<string, { userId: string; passwordAtMs?: number; newPassword?: string }>(),
  /** Until when a session (by access token) confirmed a second factor lately. */
  recentSecondFactor: new Map<string, number>(),
  /** Until when a session (by access token) counts as having entered its password lately. */
  recentPassword: new Map<string, number>(),
  /** REQUIRE_MFA: every coach enrols a second factor; the last one stays. */
  isSecondFactorRequired: false,
}));

/** The second factors of one mock state. */
export type MockSignInFactors = ReturnType<typeof signInFactorsOf>;

/** The authenticator secret the mocks hand out (fixed, so a story's QR code stays the same). */
export const demoAuthenticatorSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The credential id of the demo coach's seeded passkey, which the mock authenticator holds. */
export const fixturePasskeyCredentialId = 'bW9jay1wYXNza2V5LWRlbW8tY29hY2g';

const totpOf = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: totpDigits,
    period: totpPeriodSeconds,
  });

/** The authenticator app's code for a secret at an instant (what the coach's phone shows). */
export function authenticatorCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/** Whether a code is the app's at `at`, within one step of drift either way (RFC 6238). */
export const isAuthenticatorCode = (secret: string, code: string, at: Date): boolean =>
  totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: totpDriftSteps }) !==
  null;

// The recovery codes' alphabet: no look-alikes (no i, l, o, 0, 1), as the domain's pattern says.
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes, the same for the same user and generation (stable stories). */
function makeRecoveryCodes(userId: string, generation: number): string[] {
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

/** How many second factors a user has (each passkey, and the app). */
export const secondFactorCount = (factors: MockSignInFactors, userId: string): number =>
  factors.passkeys.filter((passkey) => passkey.userId === userId).length +
  (factors.authenticators.has(userId) ? 1 : 0);

/** The ways a user can pass a second step. */
export function secondStepMethodsOf(factors: MockSignInFactors, userId: string) {
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
  const recentUntil = factors.recentSecondFactor.get(accessToken ?? '') ?? 0;
  return {
    passkeys: factors.passkeys
      .filter((passkey) => passkey.userId === userId)
      .map(({ id, name, addedAt, lastUsedAt }) => ({ id, name, addedAt, lastUsedAt })),
    authenticator: factors.authenticators.get(userId)
      ? { addedAt: factors.authenticators.get(userId)?.addedAt ?? '' }
      : null,
    recoveryCodesLeft: factors.recoveryCodes.get(userId)?.length ?? 0,
    isSecondFactorRequired: factors.isSecondFactorRequired,
    mustEnrol: factors.isSecondFactorRequired && secondFactorCount(factors, userId) === 0,
    recentSecondFactorUntil: recentUntil > nowMs ? new Date(recentUntil).toISOString() : null,
  };
}

/** What a story or test seeds: a passkey of a user. */
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
  const passkey: MockPasskey = {
    id: nextMockId(state, '9a55c0de'),
    userId: seed.userId,
    credentialId: seed.credentialId ?? fixturePasskeyCredentialId,
    name: seed.name ?? 'MacBook Touch ID',
    addedAt: seed.addedAt ?? '2025-02-03T09:15:00.000Z',
    lastUsedAt: seed.lastUsedAt === undefined ? '2025-03-14T08:02:00.000Z' : seed.lastUsedAt,
  };
  signInFactorsOf(state).passkeys.push(passkey);
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
  factors.authenticators.set(userId, { secret, addedAt });
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
  const until = atMs + accountSecurityLimits.recentPasswordSeconds * 1000;
  if (accessToken) factors.recentPassword.set(accessToken, until);
}

/**
 * Whether a caller may only enrol a second factor: REQUIRE_MFA, a coach without one (in the mocks
 * every session of such a coach is one, as any other sign-in would have needed a factor).
 */
export function isEnrolOnlyCaller(state: MockState, userId: string): boolean {
  const factors = signInFactorsOf(state);
  if (!factors.isSecondFactorRequired || secondFactorCount(factors, userId) > 0) return false;
  return state.persons.some((person) => person.userId === userId && person.type === 'coach');
}
