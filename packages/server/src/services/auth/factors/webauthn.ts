import { randomBytes } from 'node:crypto';
import { signInFactorLimits, signInFactorMessages } from '@coach/domain';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/index.ts';
import { schema } from '../../../db/index.ts';
import type { PasskeyCeremony } from '../../../db/schema.ts';
import { sometimes } from '../../../db/sweep.ts';
import { DomainError } from '../../../domainError.ts';
import { addSeconds, randomToken, sha256Hex } from '../secrets.ts';
import type { SessionDeps } from '../sessions.ts';

// Passkeys through @simplewebauthn/server: the relying party is APP_URL's host, the only origin
// APP_URL's; user verification required; the signature counter checked and kept. A challenge is
// random, lasts 5 minutes, and is deleted by the transaction that checks an answer to it, whether
// the answer was right or not: single use.

type Db = Database | Transaction;

/** The relying party of a deployment: APP_URL's host and origin. */
export type RelyingParty = { id: string; origin: string; name: string };

export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin, name: 'Coach' };
}

/** The user handle of a passkey: the account's id, as bytes. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

const challenges = schema.webauthnChallenges;

/** Stores a challenge for `purpose` (and `userId`'s passkeys); answers its id. */
async function storeChallenge(
  db: Db,
  deps: SessionDeps,
  purpose: PasskeyCeremony,
  userId: string | null,
  challenge: string,
  now: Date,
): Promise<string> {
  const challengeId = randomToken();
  await db.insert(challenges).values({
    idHash: sha256Hex(challengeId),
    organisationId: deps.organisationId,
    userId,
    purpose,
    challenge,
    createdAt: now,
    expiresAt: addSeconds(now, signInFactorLimits.challengeSeconds),
  });
  // Now and then, the challenges nobody answered go.
  await sometimes(() =>
    db
      .delete(challenges)
      .where(
        and(eq(challenges.organisationId, deps.organisationId), lt(challenges.expiresAt, now)),
      ),
  );
  return challengeId;
}

/**
 * Takes (deletes) the challenge `challengeId`: its text when it was for `purpose` and `userId`
 * and is not over, else null. Deleted either way: no challenge is answered twice.
 */
async function takeChallenge(
  tx: Transaction,
  deps: SessionDeps,
  challengeId: string,
  purpose: PasskeyCeremony,
  userId: string | null,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .delete(challenges)
    .where(
      and(
        eq(challenges.organisationId, deps.organisationId),
        eq(challenges.idHash, sha256Hex(challengeId)),
      ),
    )
    .returning();
  if (!row || row.purpose !== purpose || row.userId !== userId || row.expiresAt <= now) {
    return null;
  }
  return row.challenge;
}

/** Options to make a new passkey of `user` (its existing ones excluded). */
export async function registrationOptions(
  db: Db,
  deps: SessionDeps,
  rp: RelyingParty,
  user: { id: string; email: string },
  existing: readonly { credentialId: string; transports: string[] }[],
  now: Date,
) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandleOf(user.id),
    challenge: randomBytes(32),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    // ES256, EdDSA, RS256.
    supportedAlgorithmIDs: [-7, -8, -257],
  });
  const challengeId = await storeChallenge(
    db,
    deps,
    'registration',
    user.id,
    options.challenge,
    now,
  );
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** Options to answer with a passkey: `allowed` ones of an account, or any discoverable one. */
export async function authenticationOptions(
  db: Db,
  deps: SessionDeps,
  rp: RelyingParty,
  purpose: Exclude<PasskeyCeremony, 'registration'>,
  userId: string | null,
  allowed: readonly { credentialId: string; transports: string[] }[],
  now: Date,
) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: randomBytes(32),
    userVerification: 'required',
    allowCredentials: allowed.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
  });
  const challengeId = await storeChallenge(db, deps, purpose, userId, options.challenge, now);
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** A passkey's answer as the contract carries it. */
export type PasskeyAnswer = { challengeId: string; credential: unknown };

/** A new passkey, checked: what to store. */
export type NewCredential = {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
};

/**
 * Checks a registration answer to `userId`'s registration challenge (taken in `tx`): the new
 * credential, or null when it does not hold.
 */
export async function checkRegistration(
  tx: Transaction,
  deps: SessionDeps,
  rp: RelyingParty,
  userId: string,
  answer: PasskeyAnswer,
  now: Date,
): Promise<NewCredential | null> {
  const challenge = await takeChallenge(tx, deps, answer.challengeId, 'registration', userId, now);
  if (!challenge) return null;
  try {
    const verified = await verifyRegistrationResponse({
      response: answer.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified.verified) return null;
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    // A malformed or forged answer: refused like a wrong one.
    return null;
  }
}

/**
 * Checks an assertion answering the challenge of `purpose` (taken in `tx`) with a passkey of
 * `userId` (null: any account's, named by the credential): the passkey's owner once its signature,
 * origin, relying party, user verification and counter hold (the counter and the last use are
 * kept), else null.
 */
export async function checkAssertion(
  tx: Transaction,
  deps: SessionDeps,
  rp: RelyingParty,
  purpose: Exclude<PasskeyCeremony, 'registration'>,
  userId: string | null,
  answer: PasskeyAnswer,
  now: Date,
): Promise<{ userId: string; passkeyId: string } | null> {
  const challenge = await takeChallenge(tx, deps, answer.challengeId, purpose, userId, now);
  if (!challenge) return null;
  const response = answer.credential as unknown as AuthenticationResponseJSON;
  if (typeof response.id !== 'string' || response.id.length > 1024) return null;
  const [passkey] = await tx
    .select()
    .from(schema.passkeys)
    .where(
      and(
        eq(schema.passkeys.organisationId, deps.organisationId),
        eq(schema.passkeys.credentialId, response.id),
      ),
    )
    .for('update');
  if (!passkey || (userId !== null && passkey.userId !== userId)) return null;
  const userHandle = response.response?.userHandle;
  if (
    userHandle !== undefined &&
    userHandle !== Buffer.from(userHandleOf(passkey.userId)).toString('base64url')
  ) {
    return null;
  }
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return null;
    await tx
      .update(schema.passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(schema.passkeys.id, passkey.id));
    return { userId: passkey.userId, passkeyId: passkey.id };
  } catch {
    // A malformed or forged answer, a counter gone backwards: refused like a wrong one.
    return null;
  }
}

/**
 * The refusal of a passkey answer that does not hold: 401 for a sign-in with a passkey alone, 400
 * where a step or a session already stands (a 401 there would sign the app's session out).
 */
export const passkeyRefused = (code: 'invalid_credentials' | 'bad_request') =>
  new DomainError(code, signInFactorMessages.passkeyRefused);
