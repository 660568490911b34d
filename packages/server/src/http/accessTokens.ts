import { messages } from '@coach/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** What a valid access token says about its bearer. */
export type AccessClaims = {
  /** The signed-in user (`users.id`). */
  userId: string;
  organisationId: string;
  /** The refresh-token family (the session) the token was issued for. */
  sessionId: string;
};

export type AccessTokenOptions = {
  /** HMAC key (HS256), at least 32 bytes. */
  secret: Uint8Array;
  issuer?: string;
  audience?: string;
  /** Lifetime in seconds; at most 15 minutes. Default 900. */
  ttlSeconds?: number;
};

/** Why a token was refused: `expired` lets clients refresh, anything else is `invalid`. */
export class AccessTokenError extends Error {
  readonly reason: 'expired' | 'invalid';
  constructor(reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? messages.accessTokenExpired : messages.invalidAccessToken);
    this.reason = reason;
  }
}

const maxTtlSeconds = 15 * 60;

/** Most verified tokens remembered (the oldest is forgotten first). */
const maxRememberedTokens = 10_000;

/**
 * Signs and verifies the short-lived access tokens (JWT, HS256 only: the algorithm list is fixed,
 * so a token signed with `none` or another algorithm is refused; `exp`, `iss` and `aud` are checked).
 */
export function createAccessTokens({
  secret,
  issuer = 'coach',
  audience = 'coach-api',
  ttlSeconds = maxTtlSeconds,
}: AccessTokenOptions) {
  if (secret.byteLength < 32) throw new Error('The access-token secret must be at least 32 bytes');
  if (ttlSeconds <= 0 || ttlSeconds > maxTtlSeconds) {
    throw new Error(`Access tokens live at most ${maxTtlSeconds} seconds`);
  }
  // Imported once: given the bytes, jose imports a key on every call (a third of a verification).
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token comes back with every request of its life: the same string verifies the same way until
  // its expiry, so a verified one is remembered with its claims and expiry. Only tokens that
  // passed the whole verification are stored; the expiry is checked again at each use.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAtMs: number) => {
    if (verified.size >= maxRememberedTokens) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAtMs });
  };
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ org: claims.organisationId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        throw new AccessTokenError('expired');
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer,
          audience,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.org !== 'string' || typeof payload.sid !== 'string' || !payload.sub) {
          throw new AccessTokenError('invalid');
        }
        const claims = { userId: payload.sub, organisationId: payload.org, sessionId: payload.sid };
        remember(token, claims, (payload.exp ?? 0) * 1000);
        return claims;
      } catch (error) {
        if (error instanceof AccessTokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AccessTokenError('expired');
        throw new AccessTokenError('invalid');
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
