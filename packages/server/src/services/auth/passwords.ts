import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimit } from './concurrencyLimit.ts';

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane.
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes and verifications running at once: one core is left to the event loop (and PGlite's
 * thread), 2 at most, 1 at least. A flood of them (sign-ins, invite acceptances, resets) queues
 * here instead of taking every core and libuv thread, so the rest of the server keeps its pace.
 * On 2 cores, 1 rather than 2: the other requests keep their pace during a run of sign-ins, which
 * only lose a little (bench/logins.ts measures both).
 */
export const argon2Concurrency = Math.max(1, Math.min(2, availableParallelism() - 1));
const argon2Slots = createConcurrencyLimit(argon2Concurrency);

/** The process's hashes and verifications running and waiting now (for the metrics). */
export const argon2Load = () => argon2Slots.load();

/** Hashes a password with argon2id (m = 19 MiB, t = 2); the salt is random and in the result. */
export function hashPassword(password: string): Promise<string> {
  return argon2Slots(() => hash(password, options));
}

/** Whether `password` matches `passwordHash`; false (never a throw) on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Slots(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of a real verification when there is no user to verify against, so that
 * a sign-in with an unknown email takes as long as one with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-only-1A');
  await verifyPassword(await dummyHash, password);
  return false;
}
