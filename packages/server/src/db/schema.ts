import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// One schema for PGlite (PostgreSQL 18) and Debian's PostgreSQL 15: only features both have.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id);

/** Raw bytes; node-postgres answers with a Buffer, PGlite with a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => value,
});

export const personTypes = ['coach', 'user'] as const;
export type PersonType = (typeof personTypes)[number];

export const inviteStatuses = ['pending', 'accepted', 'revoked'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    /** Lower-cased and trimmed before it is stored (see `normalizeEmail`). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_organisation_email_key').on(table.organisationId, table.email),
    check('users_email_normalised', sql`${table.email} = lower(btrim(${table.email}))`),
  ],
);

/** Profiles: a coach, or a user (a client) linked to the coach whose invite they accepted. */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: personTypes }).notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    aboutMe: text('about_me').notNull().default(''),
    coachPersonId: uuid('coach_person_id').references((): AnyPgColumn => persons.id, {
      onDelete: 'set null',
    }),
    /** An IANA zone name, e.g. 'Europe/Berlin'. */
    timezone: text('timezone').notNull().default('UTC'),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('persons_user_id_key').on(table.userId),
    index('persons_organisation_coach_idx').on(table.organisationId, table.coachPersonId),
    check('persons_type_valid', sql`${table.type} in ('coach', 'user')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one sign-in shares the family; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Absolute expiry of the family: rotation never extends a session past it. */
    familyExpiresAt: timestamptz('family_expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    replacedById: uuid('replaced_by_id'),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamptz('used_at'),
    voidedAt: timestamptz('voided_at'),
  },
  (table) => [
    // At most one live (neither used nor voided) code per user: a new code voids the old first.
    uniqueIndex('password_reset_codes_live_user_key')
      .on(table.userId)
      .where(sql`${table.usedAt} is null and ${table.voidedAt} is null`),
    check('password_reset_codes_attempts_valid', sql`${table.failedAttempts} >= 0`),
  ],
);

/** Fixed-window counters shared by every server process (rate limits on auth endpoints). */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    organisationId: organisationId(),
    /** e.g. 'login:ip:203.0.113.7' or 'login:account:coach@example.com'. */
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
    blockedUntil: timestamptz('blocked_until'),
  },
  (table) => [
    primaryKey({ name: 'rate_limit_buckets_pkey', columns: [table.organisationId, table.key] }),
    // For sweeping stale buckets.
    index('rate_limit_buckets_window_start_idx').on(table.windowStart),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like `users.email`. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: inviteStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    lastSentAt: timestamptz('last_sent_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('invites_token_hash_key').on(table.tokenHash),
    // A second invite to a pending address resends the first one; it never duplicates it.
    uniqueIndex('invites_pending_email_key')
      .on(table.organisationId, table.email)
      .where(sql`${table.status} = 'pending'`),
    index('invites_coach_idx').on(table.coachPersonId),
    check('invites_status_valid', sql`${table.status} in ('pending', 'accepted', 'revoked')`),
    check('invites_email_normalised', sql`${table.email} = lower(btrim(${table.email}))`),
  ],
);

/** Append-only record of security-relevant events; kept when a user is deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: organisationId(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    subject: text('subject'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_organisation_at_idx').on(table.organisationId, table.at),
    index('audit_log_actor_idx').on(table.actorUserId),
  ],
);

export const profilePictures = pgTable(
  'profile_pictures',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    etag: text('etag').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'profile_pictures_content_type_valid',
      sql`${table.contentType} in ('image/png', 'image/jpeg', 'image/webp')`,
    ),
    check('profile_pictures_size_valid', sql`${table.byteSize} = octet_length(${table.bytes})`),
  ],
);

/** The one normal form of an email address in the database: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
