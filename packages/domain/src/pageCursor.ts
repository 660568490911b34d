import { isWithinDateBounds } from './values/commonValues.ts';

// The one cursor of the contract's keyset pages (a client's activity history, a client's
// reports): newest first by (instant, id). Every cursor a caller sends is decoded here, so every
// instant that reaches a database from a cursor has passed the contract's date bounds.

/**
 * Where an item sits in a page's order: `at` is its instant as UTC text with microseconds
 * ('2025-03-10T08:15:00.123456Z', PostgreSQL's precision, so no two stored instants collapse into
 * one key) and `id` its lower-case UUID. Both compare correctly as plain strings.
 */
export type PageKey = { at: string; id: string };

const keyAtPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Base64url (no padding) of UTF-8 text with the web's own functions: the rules run in the
// browser's mocks as well as in Node, so no Buffer.
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The text of base64url, or null when it is not base64url of UTF-8 text. */
function fromBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  try {
    const binary = atob(encoded.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The opaque cursor of a key: base64url of a JSON pair, meant to be passed back unchanged. */
export function encodePageCursor(key: PageKey): string {
  return toBase64Url(JSON.stringify([key.at, key.id]));
}

/**
 * The key a cursor carries, or null when it is not one this module made: not canonical
 * base64url, not a JSON pair, an instant that is not UTC with microseconds, not a real time or
 * outside the contract's date bounds (PostgreSQL has no year 0: such a key would fail in the
 * database, not here), or an id that is not a lower-case UUID.
 */
export function decodePageCursor(cursor: string): PageKey | null {
  const text = fromBase64Url(cursor);
  // Decoding forgives unused trailing bits: re-encoding tells a canonical cursor apart.
  if (cursor.length === 0 || text === null || toBase64Url(text) !== cursor) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) return null;
  const [at, id] = decoded;
  if (typeof at !== 'string' || typeof id !== 'string') return null;
  if (!keyAtPattern.test(at) || !uuidPattern.test(id) || !isWithinDateBounds(at)) return null;
  // A real instant: Date reads milliseconds, so the first 23 characters must survive a round trip.
  const milliseconds = new Date(`${at.slice(0, 23)}Z`);
  if (Number.isNaN(milliseconds.getTime())) return null;
  if (milliseconds.toISOString().slice(0, 23) !== at.slice(0, 23)) return null;
  return { at, id };
}
