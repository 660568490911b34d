import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// The authenticator apps' secrets at rest: AES-256-GCM under the deployment's factor key (start.ts
// derives it from the JWT key), bound to the account by its id as additional data, so a sealed
// secret copied onto another account does not open.

const version = 'v1';

/** Seals `secret` for `userId`: 'v1.<iv>.<tag>.<ciphertext>', base64url. */
export function sealSecret(key: Uint8Array, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens a secret sealed by {@link sealSecret}; throws when it was not sealed with `key` for `userId`. */
export function openSecret(key: Uint8Array, userId: string, sealed: string): string {
  const [tag, iv, authTag, ciphertext] = sealed.split('.');
  if (tag !== version || !iv || !authTag || !ciphertext) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
