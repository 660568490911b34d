import { createHmac } from 'node:crypto';

// An authenticator app's code, as RFC 6238 computes it (SHA-1, 6 digits, 30 s), written apart
// from the product's library so the end-to-end test checks the product against the standard.

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text: string): Buffer {
  let bits = '';
  for (const letter of text.replace(/=+$/, '').toUpperCase()) {
    const value = base32Alphabet.indexOf(letter);
    if (value < 0) throw new Error('Not a base32 secret');
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The 6-digit code of `secret` (base32) at `at` (ms since the epoch). */
export function totpCode(secret: string, at: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
