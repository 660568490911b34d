import { describe, expect, it } from 'vitest';
import {
  isLivePictureExpiry,
  isSignedPictureQuery,
  pictureUrlMaxLifeSeconds,
  signedPictureExpiry,
  signedPicturePathOf,
} from './pictureUrls.ts';

const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('signed picture URLs', () => {
  it('expire at the end of the next half-hour bucket: 30 to 60 minutes away', () => {
    expect(signedPictureExpiry(at('2026-11-16T09:30:00Z'))).toBe(seconds('2026-11-16T10:30:00Z'));
    expect(signedPictureExpiry(at('2026-11-16T09:59:59.999Z'))).toBe(
      seconds('2026-11-16T10:30:00Z'),
    );
    expect(signedPictureExpiry(at('2026-11-16T10:00:00Z'))).toBe(seconds('2026-11-16T11:00:00Z'));
  });

  it('hold until their expiry, and never for longer than a URL handed out now', () => {
    const expires = seconds('2026-11-16T10:30:00Z');
    expect(isLivePictureExpiry(expires, at('2026-11-16T10:29:59Z'))).toBe(true);
    expect(isLivePictureExpiry(expires, at('2026-11-16T10:30:00Z'))).toBe(false);
    const now = at('2026-11-16T09:30:00Z');
    expect(
      isLivePictureExpiry(seconds('2026-11-16T09:30:00Z') + pictureUrlMaxLifeSeconds, now),
    ).toBe(true);
    expect(
      isLivePictureExpiry(seconds('2026-11-16T09:30:00Z') + pictureUrlMaxLifeSeconds + 1, now),
    ).toBe(false);
  });

  it("have the contract's shape, with the id in lower case", () => {
    expect(signedPicturePathOf('ABC-1', 1_795_365_000, 'x_Y-z')).toBe(
      'resource/profilePicture/abc-1?expires=1795365000&signature=x_Y-z',
    );
  });

  it('are claimed by either half of the query, then the signature alone decides', () => {
    expect(isSignedPictureQuery({})).toBe(false);
    expect(isSignedPictureQuery({ expires: 1 })).toBe(true);
    expect(isSignedPictureQuery({ signature: '' })).toBe(true);
  });
});
