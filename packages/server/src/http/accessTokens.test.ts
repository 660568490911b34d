import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokenError, createAccessTokens } from './accessTokens.ts';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');
const claims = { userId: 'user-1', organisationId: 'org-1', sessionId: 'family-1' };

describe('access tokens', () => {
  it('round-trips the claims', async () => {
    const tokens = createAccessTokens({ secret });
    await expect(tokens.verify(await tokens.sign(claims))).resolves.toEqual(claims);
  });

  it('refuses a token past its expiry as expired', async () => {
    const expired = await new SignJWT({ org: 'org-1', sid: 'family-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('coach')
      .setAudience('coach-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    await expect(createAccessTokens({ secret }).verify(expired)).rejects.toMatchObject({
      reason: 'expired',
    });
  });

  it('refuses another audience, another issuer, another key and an unsigned token', async () => {
    const tokens = createAccessTokens({ secret });
    const other = createAccessTokens({ secret, audience: 'someone-else' });
    await expect(tokens.verify(await other.sign(claims))).rejects.toBeInstanceOf(AccessTokenError);
    const otherIssuer = createAccessTokens({ secret, issuer: 'elsewhere' });
    await expect(tokens.verify(await otherIssuer.sign(claims))).rejects.toBeInstanceOf(
      AccessTokenError,
    );
    const otherKey = createAccessTokens({
      secret: new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256!'),
    });
    await expect(tokens.verify(await otherKey.sign(claims))).rejects.toMatchObject({
      reason: 'invalid',
    });
    const [header, payload] = (await tokens.sign(claims)).split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    );
    expect(header).toBeTruthy();
    await expect(tokens.verify(`${noneHeader}.${payload}.`)).rejects.toMatchObject({
      reason: 'invalid',
    });
  });

  describe('a token verified before', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is refused as expired once its expiry has passed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const tokens = createAccessTokens({ secret, ttlSeconds: 60 });
      const token = await tokens.sign(claims);
      await expect(tokens.verify(token)).resolves.toEqual(claims);
      vi.setSystemTime(Date.now() + 59_000);
      await expect(tokens.verify(token)).resolves.toEqual(claims);
      vi.setSystemTime(Date.now() + 2_000);
      await expect(tokens.verify(token)).rejects.toMatchObject({ reason: 'expired' });
    });

    it('does not vouch for the same claims signed with another key', async () => {
      const tokens = createAccessTokens({ secret });
      const token = await tokens.sign(claims);
      await expect(tokens.verify(token)).resolves.toEqual(claims);
      const [header, payload, signature = ''] = token.split('.');
      const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
      await expect(tokens.verify(forged)).rejects.toMatchObject({ reason: 'invalid' });
    });
  });

  it('will not issue tokens living longer than 15 minutes or with a short key', () => {
    expect(() => createAccessTokens({ secret, ttlSeconds: 901 })).toThrow(
      'Access tokens live at most 900 seconds',
    );
    expect(() => createAccessTokens({ secret: new Uint8Array(8) })).toThrow('at least 32 bytes');
  });
});
