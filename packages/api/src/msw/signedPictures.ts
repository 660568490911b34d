import { signedPictureExpiry, signedPicturePathOf } from '@coach/domain';

// The mock's signed picture URLs: the server's shape and time bucket (the same address for a
// person and bucket), with a signature the mocks never check (the server's is an HMAC).

/** A signed address of a person's picture, for an answer to a caller who may see the person. */
export const signedPictureUrl = (personId: string, now: Date): string =>
  signedPicturePathOf(personId, signedPictureExpiry(now), 'mock-signature');

/** An answer's copy of a person or client summary with its stored picture path signed. */
export function withSignedPicture<T extends { profilePicture: string | null }>(
  personId: string,
  item: T,
  now: Date,
): T {
  if (item.profilePicture === null) return item;
  return { ...item, profilePicture: signedPictureUrl(personId, now) };
}
