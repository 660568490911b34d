import { limits } from '@coach/domain';
import { type Static, Type } from 'typebox';

/** A binary body or answer (an image); documented as such in OpenAPI, never JSON-validated. */
export const BinarySchema = Type.Unsafe<Blob>({
  type: 'string',
  format: 'binary',
  description: 'Image bytes (PNG, JPEG or WebP)',
});

/**
 * `GET /profilePicture/{id}` query: the expiry and signature of a signed URL (the answers that
 * carry a picture give one), and a version that only changes the address so caches fetch afresh.
 */
export const ProfilePictureQuerySchema = Type.Object(
  {
    expires: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 99_999_999_999,
        description: 'Signed URL: when it stops working, in Unix seconds',
      }),
    ),
    signature: Type.Optional(
      Type.String({
        maxLength: 128,
        pattern: '^[A-Za-z0-9_-]*$',
        description: 'Signed URL: the signature the server made (base64url)',
      }),
    ),
    v: Type.Optional(
      Type.String({
        maxLength: 128,
        pattern: '^(W/)?"[!#-~]*"$',
        description: 'The picture version (its ETag), ignored: a new version is a new address',
      }),
    ),
  },
  {
    description:
      'A signed URL works without a bearer token until it expires (at most an hour); expired or ' +
      'altered, it is a 404',
  },
);

/** See {@link ProfilePictureQuerySchema}. */
export type ProfilePictureQuery = Static<typeof ProfilePictureQuerySchema>;

/** `PUT /profilePicture/{id}` answer: where the stored picture is and its version. */
export const UploadedPictureSchema = Type.Object(
  {
    url: Type.String({
      maxLength: limits.urlMaxLength,
      description:
        "Signed picture path 'resource/profilePicture/{id}?expires=…&signature=…' (an <img> loads it)",
    }),
    etag: Type.String({ maxLength: 128, description: 'Entity tag of the stored bytes' }),
  },
  { description: 'The stored picture' },
);

/** See {@link UploadedPictureSchema}. */
export type UploadedPicture = Static<typeof UploadedPictureSchema>;
