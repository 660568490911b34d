import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How opaque tokens are stored: SHA-256 is enough for 256 random bits. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Keyed hash of a low-entropy secret (a 6-digit code): useless offline without the key. */
export function hmacHex(key: string | Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
