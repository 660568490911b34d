import { isLivePictureExpiry, signedPictureExpiry, signedPicturePathOf } from '@coach/domain';
import type { ProfilePictureQuery } from '../contract/resource.ts';
import type { MockState } from './state.ts';

// The mock's signed picture URLs: the server's shape and life, but the signature is one the mock
// issued and remembers, not an HMAC. The same person and expiry get the same signature, so the
// address stays the same for a bucket, as the server's does.

const keyOf = (personId: string, expires: number) => `${personId.toLowerCase()}@${expires}`;

/** A signed address of a person's picture, for an answer to a caller who may see the person. */
export function signedPictureUrl(state: MockState, personId: string, now: Date): string {
  const expires = signedPictureExpiry(now);
  const key = keyOf(personId, expires);
  let signature = state.pictureSignatures.get(key);
  if (!signature) {
    signature = `mock-signature-${state.pictureSignatures.size + 1}`;
    state.pictureSignatures.set(key, signature);
  }
  return signedPicturePathOf(personId, expires, signature);
}

/** Whether a signed URL's query is one the mock issued for this person and still live at `now`. */
export function isIssuedPictureUrl(
  state: MockState,
  personId: string,
  { expires, signature }: ProfilePictureQuery,
  now: Date,
): boolean {
  return (
    expires !== undefined &&
    signature !== undefined &&
    isLivePictureExpiry(expires, now) &&
    state.pictureSignatures.get(keyOf(personId, expires)) === signature
  );
}

/**
 * An answer's copy of a person or client summary with its stored picture path signed (none stays
 * null); the state keeps the stored form.
 */
export function withSignedPicture<T extends { profilePicture: string | null }>(
  state: MockState,
  personId: string,
  item: T,
  now: Date,
): T {
  if (item.profilePicture === null) return item;
  return { ...item, profilePicture: signedPictureUrl(state, personId, now) };
}
