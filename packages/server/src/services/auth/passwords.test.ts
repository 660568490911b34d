import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

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
});
