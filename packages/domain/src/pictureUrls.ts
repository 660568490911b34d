import { profilePicturePath } from './values/accountValues.ts';

// The shape and the life of signed picture URLs, shared by the server (which signs with an HMAC)
// and the MSW mocks (which remember what they signed). An `<img>` cannot send a bearer token, so
// an answer carrying a picture carries an address that works without one, for a while. The expiry
// is rounded up to a time bucket, so the address stays the same for a bucket and the browser's
// cache keeps working.

/** The time bucket of a signed URL's expiry: a URL handed out now works 30 to 60 minutes. */
export const pictureUrlBucketSeconds = 30 * 60;

/** The longest a signed URL works, in seconds. */
export const pictureUrlMaxLifeSeconds = 2 * pictureUrlBucketSeconds;

/** Unix seconds of an instant. */
const secondsOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** The expiry (Unix seconds) of a signed URL handed out at `now`: the end of the next bucket. */
export function signedPictureExpiry(now: Date): number {
  return (Math.floor(secondsOf(now) / pictureUrlBucketSeconds) + 2) * pictureUrlBucketSeconds;
}

/**
 * Whether a signed URL's expiry still holds at `now`: ahead, and never further away than a URL
 * handed out now, whatever its signature says.
 */
export function isLivePictureExpiry(expires: number, now: Date): boolean {
  const seconds = secondsOf(now);
  return expires > seconds && expires <= seconds + pictureUrlMaxLifeSeconds;
}

/** Whether a picture request claims a signed URL: then the signature alone decides, bearer or not. */
export function isSignedPictureQuery(query: { expires?: unknown; signature?: unknown }): boolean {
  return query.expires !== undefined || query.signature !== undefined;
}

/** The signed address of a person's picture, `resource/profilePicture/{id}?expires=…&signature=…`. */
export function signedPicturePathOf(personId: string, expires: number, signature: string): string {
  return `${profilePicturePath(personId.toLowerCase())}?expires=${expires}&signature=${signature}`;
}
