import { describe, expect, it, vi } from 'vitest';
import {
  argon2Concurrency,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.ts';

/** How many argon2 computations run at once, seen from inside the real library. */
const argon2 = vi.hoisted(() => ({ running: 0, peak: 0 }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  const counted =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon2.running++;
      argon2.peak = Math.max(argon2.peak, argon2.running);
      try {
        return await work(...args);
      } finally {
        argon2.running--;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

describe('passwords', () => {
  it('hashes with argon2id at m=19456, t=2 and verifies', async () => {
    const passwordHash = await hashPassword('Coach123!');
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(passwordHash, 'Coach123!')).resolves.toBe(true);
    await expect(verifyPassword(passwordHash, 'coach123!')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Coach123!')).not.toBe(await hashPassword('Coach123!'));
  });

  it('answers false for a malformed hash and for the dummy', async () => {
    await expect(verifyPassword('not-a-hash', 'Coach123!')).resolves.toBe(false);
    await expect(verifyAgainstDummy('Coach123!')).resolves.toBe(false);
  });

  it('runs at most argon2Concurrency (1 on 2 cores) hashes and verifications at once', async () => {
    expect(argon2Concurrency).toBeGreaterThanOrEqual(1);
    expect(argon2Concurrency).toBeLessThanOrEqual(2);
    const passwordHash = await hashPassword('Coach123!');
    argon2.peak = 0;
    const flood = Array.from({ length: 8 }, (_, index) =>
      index % 2 === 0 ? hashPassword(`Flood${index}!a`) : verifyPassword(passwordHash, 'Wrong1!a'),
    );
    const results = await Promise.all(flood);
    expect(results.filter((result) => result === false)).toHaveLength(4);
    expect(argon2.peak).toBe(argon2Concurrency);
  });
});
