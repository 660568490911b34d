import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import type { ImageInfo } from './images.ts';

const { persons, profilePictures } = schema;

/** A stored picture as served. */
export type StoredPicture = { contentType: string; bytes: Uint8Array; etag: string };

/** The strong entity tag of some bytes: their SHA-256, quoted. */
export function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/** The picture of a person, if any. */
export async function findPicture(
  db: Database,
  organisationId: string,
  personId: string,
): Promise<StoredPicture | undefined> {
  const [row] = await db
    .select({
      contentType: profilePictures.contentType,
      bytes: profilePictures.bytes,
      etag: profilePictures.etag,
    })
    .from(profilePictures)
    .where(
      and(
        eq(profilePictures.organisationId, organisationId),
        eq(profilePictures.personId, personId),
      ),
    )
    .limit(1);
  return row;
}

/** The person id of a user in the organisation, if they have a profile. */
export async function findPersonIdOfUser(
  db: Database,
  organisationId: string,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.organisationId, organisationId), eq(persons.userId, userId)))
    .limit(1);
  return row?.id;
}

/** Stores or replaces a person's picture in one statement: readers see the old or the new one. */
export async function savePicture(
  tx: Transaction,
  organisationId: string,
  personId: string,
  image: ImageInfo,
  bytes: Uint8Array,
): Promise<string> {
  const etag = etagOf(bytes);
  const values = {
    contentType: image.contentType,
    bytes,
    byteSize: bytes.byteLength,
    width: image.width,
    height: image.height,
    etag,
    updatedAt: new Date(),
  };
  await tx
    .insert(profilePictures)
    .values({ personId, organisationId, ...values })
    .onConflictDoUpdate({ target: profilePictures.personId, set: values });
  return etag;
}

/** Whether an If-None-Match header matches `etag` (weak comparison, as RFC 9110 asks). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
