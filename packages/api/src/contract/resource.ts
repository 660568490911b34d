import { type Static, Type } from 'typebox';

/** A binary body or answer (an image); documented as such in OpenAPI, never JSON-validated. */
export const BinarySchema = Type.Unsafe<Blob>({
  type: 'string',
  format: 'binary',
  description: 'Image bytes (PNG, JPEG or WebP)',
});

/** `PUT /profilePicture/{id}` answer: where the stored picture is and its version. */
export const UploadedPictureSchema = Type.Object(
  {
    url: Type.String({ description: "Picture path 'resource/profilePicture/{id}'" }),
    etag: Type.String({ description: 'Entity tag of the stored bytes' }),
  },
  { description: 'The stored picture' },
);

/** See {@link UploadedPictureSchema}. */
export type UploadedPicture = Static<typeof UploadedPictureSchema>;
