import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import type { ImageInfo } from './images.ts';

const { persons, profilePictures } = schema;

/** A stored picture as answered: its description and first bytes (see `findPictureHead`). */
export type PictureHead = {
  contentType: string;
  etag: string;
  byteSize: number;
  /** The first `headBytes` bytes: the whole picture when it is no larger. */
  head: Uint8Array;
};

/** The strong entity tag of some bytes: their SHA-256, quoted. */
function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

// Picture bytes cross the driver as base64 text, not as a bytea value: PGlite converts bytea
// in JavaScript one byte at a time, holding the database for seconds on a large picture, where
// base64 text is several times quicker. node-postgres is fast either way.

const ofPerson = (organisationId: string, personId: string) =>
  and(eq(profilePictures.organisationId, organisationId), eq(profilePictures.personId, personId));

/**
 * The picture of a person, if any: its description and its first `headBytes` bytes (the rest is
 * read a chunk at a time while it is sent, see http/largeAnswer.ts).
 */
export async function findPictureHead(
  db: Database,
  organisationId: string,
  personId: string,
  headBytes: number,
): Promise<PictureHead | undefined> {
  const [row] = await db
    .select({
      contentType: profilePictures.contentType,
      etag: profilePictures.etag,
      byteSize: profilePictures.byteSize,
      base64: sql<string>`encode(substring(${profilePictures.bytes} from 1 for ${headBytes}), 'base64')`,
    })
    .from(profilePictures)
    .where(ofPerson(organisationId, personId))
    .limit(1);
  if (!row) return undefined;
  const { contentType, etag, byteSize, base64 } = row;
  return { contentType, etag, byteSize, head: Buffer.from(base64, 'base64') };
}

/**
 * Bytes `offset` to `offset + length` of a person's picture while it is still the one tagged
 * `etag`; undefined once it has been replaced or removed (an answer never mixes two pictures).
 */
export async function readPictureChunk(
  db: Database,
  organisationId: string,
  personId: string,
  etag: string,
  offset: number,
  length: number,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({
      base64: sql<string>`encode(substring(${profilePictures.bytes} from ${offset + 1} for ${length}), 'base64')`,
    })
    .from(profilePictures)
    .where(and(ofPerson(organisationId, personId), eq(profilePictures.etag, etag)))
    .limit(1);
  return row ? Buffer.from(row.base64, 'base64') : undefined;
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
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const values = {
    contentType: image.contentType,
    bytes: sql`decode(${base64}, 'base64')`,
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
