import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isLivePictureExpiry, signedPictureExpiry, signedPicturePathOf } from '@coach/domain';
import { nowOf, type ServiceContext } from './context.ts';

// Signed picture URLs: an `<img>` cannot send a bearer token, so every answer that carries a
// picture URL (given only to a caller who may see the picture) carries one that works without it,
// for a while. Their shape and life (30 to 60 minutes, the expiry rounded up to a time bucket) are
// the contract's rule in `@coach/api`, shared with the MSW mocks; the HMAC is this server's.

/** Used when the host gives no key: then a URL only works on the process that signed it. */
const processKey = randomBytes(32);

function keyOf(context: ServiceContext): Uint8Array {
  return context.pictureUrlKey ?? processKey;
}

function signatureOf(context: ServiceContext, personId: string, expires: number): string {
  return createHmac('sha256', keyOf(context))
    .update(`profile picture\n${context.organisationId}\n${personId.toLowerCase()}\n${expires}`)
    .digest('base64url');
}

/**
 * The signed address of a person's picture, `resource/profilePicture/{id}?expires=…&signature=…`.
 * Hand it only to a caller who may see the person.
 */
export function signedPicturePath(context: ServiceContext, personId: string): string {
  const expires = signedPictureExpiry(nowOf(context));
  return signedPicturePathOf(personId, expires, signatureOf(context, personId, expires));
}

/** Whether a signed URL of a person's picture is genuine and still valid now. */
export function isValidPictureSignature(
  context: ServiceContext,
  personId: string,
  expires: number | undefined,
  signature: string | undefined,
): boolean {
  if (expires === undefined || signature === undefined) return false;
  if (!isLivePictureExpiry(expires, nowOf(context))) return false;
  const expected = Buffer.from(signatureOf(context, personId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
