import {
  type AttentionReason,
  actingKinds,
  assessmentStatusNames,
  breathsPerMinuteValues,
  calendarEventStatusNames,
  coachLanguages,
  defaultCoachLanguage,
  type EpisodeFigures,
  entityTypeNames,
  exerciseGoalNames,
  exerciseStepGoalNames,
  followUpEndings,
  goalEffectNames,
  inviteStatuses,
  journeyStepNames,
  journeyStepStatusNames,
  messageAuthors,
  metricKindNames,
  notesLimits,
  type SessionProof,
  surveyTypeNames,
} from '@coach/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuditAction } from './auditActions.ts';

// One schema for PGlite (PostgreSQL 18) and Debian's PostgreSQL 15: only features both have.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id);
/** The user a row belongs to: the row goes with the account. */
const userOfRow = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/**
 * The organisation of a row of the tables written most (device samples and sessions, their daily
 * rollup, the audit log), without a reference to `organisations`: a reference makes every insert
 * lock the organisation's one row (FOR KEY SHARE), which every concurrent write then shares, and
 * concurrent inserts are quicker without it. The value is the server's own
 * organisation, the row that is never deleted; a client's rows still reference the client.
 */
const organisationOfBusyRow = () => uuid('organisation_id').notNull();

/** Raw bytes; node-postgres answers with a Buffer, PGlite with a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => value,
});

export const personTypes = ['coach', 'user'] as const;
export type PersonType = (typeof personTypes)[number];

/** What a mailed code proves (see `passwordResetCodes.purpose`). */
export type MailedCodePurpose = 'reset' | 'sign_in';

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
    userId: userOfRow(),
    type: text('type', { enum: personTypes }).notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    aboutMe: text('about_me').notNull().default(''),
    coachPersonId: uuid('coach_person_id').references((): AnyPgColumn => persons.id, {
      onDelete: 'set null',
    }),
    /** An IANA zone name, e.g. 'Europe/Berlin'. */
    timezone: text('timezone').notNull().default('UTC'),
    /**
     * When a coach's timezone was last chosen in Settings or detected by the app at sign-in; null
     * while it is still the default, so the app's detection fills it once and never overrides a
     * choice.
     */
    timezoneSetAt: timestamptz('timezone_set_at'),
    /** A coach's morning attention mail (see `services/morningMail/`): on, and its local hour. */
    isMorningMailOn: boolean('morning_mail_on').notNull().default(true),
    morningMailHour: smallint('morning_mail_hour').notNull().default(7),
    /** A coach's language: their screens, mails and reports (and their invites' mails). */
    language: text('language', { enum: coachLanguages }).notNull().default(defaultCoachLanguage),
    /**
     * When a coach last chose their language (in Settings, or given when the account was
     * created); null while it is the default nobody chose, so the app keeps the language it
     * detected, and a choice of English is told from no choice.
     */
    languageSetAt: timestamptz('language_set_at'),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('persons_user_id_key').on(table.userId),
    index('persons_organisation_coach_idx').on(table.organisationId, table.coachPersonId),
    check('persons_type_valid', sql`${table.type} in ('coach', 'user')`),
    check('persons_morning_mail_hour_valid', sql`${table.morningMailHour} between 0 and 23`),
    check('persons_language_valid', isIn(table.language, coachLanguages)),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    userId: userOfRow(),
    /** Every token rotated from one sign-in shares the family; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Absolute expiry of the family: rotation never extends a session past it. */
    familyExpiresAt: timestamptz('family_expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    replacedById: uuid('replaced_by_id'),
    /**
     * The one extra successor a rotated token may get within its grace (two tabs refreshing at
     * once); presented again after that, the token is reused and the family ends.
     */
    graceSuccessorId: uuid('grace_successor_id'),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    // Every authenticated request asks whether its session (family) still has a live token.
    index('refresh_tokens_live_family_idx')
      .on(table.familyId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    userId: userOfRow(),
    /** What the code proves: 'reset' (a password reset) or 'sign_in' (a sign-in's further proof). */
    purpose: text('purpose').$type<MailedCodePurpose>().notNull().default('reset'),
    /**
     * The HMAC of the reset request the code was mailed for: its wrong tries are that request's
     * alone, so strangers' guesses never use up the owner's code. Null for sign-in codes.
     */
    requestHash: text('request_hash'),
    /**
     * The requester's address (its rate-limit key: an IPv6 one by its /64): a check that names no
     * request from that address tries this code (issue 64). Null for sign-in codes.
     */
    requestAddress: text('request_address'),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamptz('used_at'),
    voidedAt: timestamptz('voided_at'),
  },
  (table) => [
    // A reset code is found by its request; each request has its own code.
    uniqueIndex('password_reset_codes_request_key')
      .on(table.userId, table.requestHash)
      .where(sql`${table.requestHash} is not null`),
    // The live codes of a user, newest first (checks without a request, sign-in codes).
    index('password_reset_codes_live_user_idx')
      .on(table.userId, table.purpose, table.createdAt)
      .where(sql`${table.usedAt} is null and ${table.voidedAt} is null`),
    check('password_reset_codes_attempts_valid', sql`${table.failedAttempts} >= 0`),
    check('password_reset_codes_purpose_valid', sql`${table.purpose} in ('reset', 'sign_in')`),
  ],
);

/** Fixed-window counters shared by every server process (rate limits on auth endpoints). */
/** What a WebAuthn challenge is for (see `webauthnChallenges`). */
export const passkeyCeremonies = ['registration', 'signIn', 'secondStep', 'stepUp'] as const;
export type PasskeyCeremony = (typeof passkeyCeremonies)[number];

/** A coach's passkeys (WebAuthn credentials, decision 73): at most `passkeysMax` per account. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    userId: userOfRow(),
    /** The credential's id, base64url, as the authenticator made it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The signature counter last seen: an assertion must bring a higher one (unless both are 0). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [
    uniqueIndex('passkeys_credential_key').on(table.organisationId, table.credentialId),
    index('passkeys_user_idx').on(table.userId, table.createdAt),
    check('passkeys_counter_valid', sql`${table.counter} >= 0`),
  ],
);

/**
 * A coach's authenticator app (TOTP): its secret sealed with AES-256-GCM (never stored or logged
 * in the clear), pending until a first code confirms it; the last time step used, so that no code
 * is accepted twice.
 */
export const authenticatorApps = pgTable('authenticator_apps', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamptz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Recovery codes of an authenticator app: keyed hashes, each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    userId: userOfRow(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_key').on(table.userId, table.codeHash)],
);

/** WebAuthn challenges: single-use (deleted by the check that uses them), 5 minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** SHA-256 of the challenge's id, as the options answered it. */
    idHash: text('id_hash').primaryKey(),
    organisationId: organisationId(),
    /** The account whose passkeys may answer; null for a sign-in with a passkey alone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: passkeyCeremonies }).notNull(),
    challenge: text('challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('webauthn_challenges_expiry_idx').on(table.expiresAt),
    check('webauthn_challenges_purpose_valid', isIn(table.purpose, passkeyCeremonies)),
  ],
);

/** A sign-in's second step, after a right password (or a reset): single use, 5 minutes. */
export const secondSteps = pgTable(
  'second_steps',
  {
    /** SHA-256 of the step's token. */
    tokenHash: text('token_hash').primaryKey(),
    organisationId: organisationId(),
    userId: userOfRow(),
    /** How the first step was passed ('password', 'mailedCode'). */
    proofs: jsonb('proofs').$type<SessionProof[]>().notNull(),
    /**
     * A password reset's new password (its argon2 hash), set only once the step is passed: the
     * mailbox alone changes nothing on an account with a second factor (issue 64).
     */
    newPasswordHash: text('new_password_hash'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('second_steps_expiry_idx').on(table.expiresAt)],
);

/**
 * How each session (a refresh-token family) was authenticated, when a second factor was last used
 * in it, and whether it may only enrol one (REQUIRE_MFA). A session without a row (made before
 * decision 73) is a password session without a recent second factor.
 */
export const sessionFactors = pgTable(
  'session_factors',
  {
    sessionId: uuid('session_id').primaryKey(),
    organisationId: organisationId(),
    userId: userOfRow(),
    proofs: jsonb('proofs').$type<SessionProof[]>().notNull(),
    secondFactorAt: timestamptz('second_factor_at'),
    /** When the password was last entered in the session (its sign-in, or a step-up). */
    passwordAt: timestamptz('password_at'),
    mustEnrol: boolean('must_enrol').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('session_factors_created_idx').on(table.createdAt)],
);

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

/**
 * The columns of an hour's count in an aggregate of the audit: the hour it started, how many, and
 * when the first and the last came.
 */
const hourlyCount = () => ({
  windowStart: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
  firstAt: timestamptz('first_at').notNull(),
  lastAt: timestamptz('last_at').notNull(),
});

/**
 * Refused (throttled) attempts in aggregate: one row per organisation, client address (an IPv6
 * one by its /64), throttled action, limit and hour, counting the refusals and when the first and
 * the last came, so a flood of refusals costs a bounded number of rows. The first refusal of each
 * row is also one `rate_limited` row of the audit log; rows older than 400 days are swept.
 */
export const auditRefusals = pgTable(
  'audit_refusals',
  {
    organisationId: organisationId(),
    /** `clientAddressKey` of the request's address. */
    addressKey: text('address_key').notNull(),
    /** The throttled action: 'login', 'verifyCode', 'resetCodeDaily'... */
    action: text('action').notNull(),
    /** The limit that refused: 'pair', 'account' or 'address'. */
    scope: text('scope').notNull(),
    ...hourlyCount(),
    /** The account the last refused attempt was for (an email or a user id), when known. */
    lastSubject: text('last_subject'),
  },
  (table) => [
    primaryKey({
      name: 'audit_refusals_pkey',
      columns: [
        table.organisationId,
        table.addressKey,
        table.action,
        table.scope,
        table.windowStart,
      ],
    }),
    index('audit_refusals_organisation_window_idx').on(table.organisationId, table.windowStart),
    check('audit_refusals_count_positive', sql`${table.count} > 0`),
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

/**
 * Append-only record of security-relevant events; kept when a user is deleted. Triggers of
 * migration 0003 refuse every UPDATE, DELETE and TRUNCATE of it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: organisationOfBusyRow(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').$type<AuditAction>().notNull(),
    subject: text('subject'),
    ip: text('ip'),
    requestId: text('request_id'),
    /** 'success', 'failure' or 'refused' (throttled); null on rows of older releases. */
    outcome: text('outcome'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_organisation_at_idx').on(table.organisationId, table.at),
    index('audit_log_actor_idx').on(table.actorUserId),
    check(
      'audit_log_outcome_valid',
      sql`${table.outcome} is null or ${table.outcome} in ('success', 'failure', 'refused')`,
    ),
  ],
);

/**
 * Reads of a client's data in aggregate (`client_data_read`, services/clientRecords/
 * clientReadAudit.ts): one row per organisation, reader, outcome, client and hour, counting the
 * reads and when the first and the last came, so reading the same client all day costs a row an hour. The first read of each row
 * is also one `client_data_read` row of the audit log (its route, address and request id);
 * refused reads (another coach's client, a made-up id) count in one row per reader and hour,
 * whatever was asked, with the last id asked. Rows older than 400 days are swept.
 */
export const auditClientReads = pgTable(
  'audit_client_reads',
  {
    organisationId: organisationOfBusyRow(),
    actorUserId: uuid('actor_user_id').notNull(),
    /** 'success', or 'refused' (403/404: not a client of the reader's). */
    outcome: text('outcome').notNull(),
    /** The client's person id; '' for the clients list and for refused reads. */
    subject: text('subject').notNull(),
    ...hourlyCount(),
    /** The client id the last read asked for (at most 64 characters), when it named one. */
    lastSubject: text('last_subject'),
  },
  (table) => [
    primaryKey({
      name: 'audit_client_reads_pkey',
      columns: [
        table.organisationId,
        table.actorUserId,
        table.windowStart,
        table.outcome,
        table.subject,
      ],
    }),
    index('audit_client_reads_organisation_window_idx').on(table.organisationId, table.windowStart),
    check('audit_client_reads_count_positive', sql`${table.count} > 0`),
    check('audit_client_reads_outcome_valid', sql`${table.outcome} in ('success', 'refused')`),
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

// ---------------------------------------------------------------------------------------------
// Client journey data. Every row carries organisation_id; instants are timestamptz (UTC);
// `local_date` columns are the client's calendar day in their own timezone (persons.timezone).

/** `column in ('a', 'b')` for a check constraint; the values come from the constant arrays only. */
function isIn(column: AnyPgColumn, values: readonly (string | number)[]) {
  const list = values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`));
  return sql`${column} in (${sql.raw(list.join(', '))})`;
}

const clientPersonId = () =>
  uuid('client_person_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' });
/**
 * The client of a device sample, without a reference to `persons`: a reference checks every
 * inserted row (a lookup of the person, FOR KEY SHARE, per sample: a fifth of a batch's time). A
 * batch's statement checks and locks the person once instead (`deviceMetrics/store.ts`), and a
 * trigger deletes a deleted person's samples as the reference's cascade did (migration 0025).
 */
const clientOfBusyRow = () => uuid('client_person_id').notNull();
const localDate = (name = 'local_date') => date(name, { mode: 'string' });

/** One per client: the step they are on now. The steps' history is in `journey_steps`. */
export const journeys = pgTable(
  'journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    currentStep: text('current_step', { enum: journeyStepNames }).notNull().default('learn'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('journeys_client_key').on(table.clientPersonId),
    check('journeys_current_step_valid', isIn(table.currentStep, journeyStepNames)),
  ],
);

/**
 * One row per client and step: planned, active or completed. The started ones keep the phase
 * change that started them (goals, BPM, goal choices, who and when): the client's history.
 */
export const journeySteps = pgTable(
  'journey_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    step: text('step', { enum: journeyStepNames }).notNull(),
    /** The client's local date the step starts (or is planned to start). */
    startDate: localDate('start_date'),
    status: text('status', { enum: journeyStepStatusNames }).notNull().default('planned'),
    /** Exercise step goals. */
    goals: text('goals').array().notNull().default(sql`'{}'::text[]`),
    bpm: smallint('bpm'),
    goalChoices: jsonb('goal_choices').$type<unknown>().notNull().default([]),
    startedByPersonId: uuid('started_by_person_id').references(() => persons.id, {
      onDelete: 'set null',
    }),
    startedAt: timestamptz('started_at'),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('journey_steps_client_step_key').on(table.clientPersonId, table.step),
    check('journey_steps_step_valid', isIn(table.step, journeyStepNames)),
    check('journey_steps_status_valid', isIn(table.status, journeyStepStatusNames)),
    check(
      'journey_steps_bpm_valid',
      sql`${table.bpm} is null or ${isIn(table.bpm, breathsPerMinuteValues)}`,
    ),
    check(
      'journey_steps_goals_valid',
      sql`${table.goals} <@ array[${sql.raw(exerciseStepGoalNames.map((goal) => `'${goal}'`).join(', '))}]::text[]`,
    ),
  ],
);

/**
 * What a client is expected to do when: reflection windows (entity 'survey') and exercise slots
 * (entity 'exercise'), generated in the client's timezone. Unique per client, local date, entity,
 * kind and slot, so regenerating a calendar (insert ... on conflict do nothing) is idempotent.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    step: text('step', { enum: journeyStepNames }).notNull(),
    entityType: text('entity_type', { enum: entityTypeNames }).notNull(),
    /** The reflection window ('morning' ... 'night') or exercise slot ('morning' ... 'evening'). */
    kind: text('kind').notNull(),
    /** 0, or 0..3 for the four afternoon exercise slots of sense. */
    slot: smallint('slot').notNull().default(0),
    /** For reflection windows: 'morningReflection' in the morning window, 'reflection' otherwise. */
    surveyType: text('survey_type', { enum: surveyTypeNames }),
    status: text('status', { enum: calendarEventStatusNames }).notNull().default('active'),
    localDate: localDate().notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    /** Exclusive end. */
    endsAt: timestamptz('ends_at').notNull(),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('calendar_events_client_day_kind_slot_key').on(
      table.clientPersonId,
      table.localDate,
      table.entityType,
      table.kind,
      table.slot,
    ),
    check('calendar_events_step_valid', isIn(table.step, journeyStepNames)),
    check('calendar_events_entity_type_valid', isIn(table.entityType, entityTypeNames)),
    check('calendar_events_status_valid', isIn(table.status, calendarEventStatusNames)),
    check(
      'calendar_events_survey_type_valid',
      sql`${table.surveyType} is null or ${isIn(table.surveyType, surveyTypeNames)}`,
    ),
    check('calendar_events_slot_valid', sql`${table.slot} between 0 and 3`),
    check('calendar_events_period_valid', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** Submitted reflections (with their window) and assessments (with name and status). */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    /** Generated by the client's app, so a retried submission is stored once. */
    clientSurveyId: uuid('client_survey_id'),
    type: text('type', { enum: surveyTypeNames }).notNull(),
    /** The journey step the client was on for that local date. */
    step: text('step', { enum: journeyStepNames }).notNull().default('learn'),
    name: text('name').notNull().default(''),
    /** The reflection window it was answered in; null for assessments. */
    window: text('window'),
    /** Assessments only: complete, incomplete or inProgress. */
    status: text('status', { enum: assessmentStatusNames }),
    calendarEventId: uuid('calendar_event_id').references(() => calendarEvents.id, {
      onDelete: 'set null',
    }),
    answers: jsonb('answers').$type<unknown>().notNull().default({}),
    productivity: smallint('productivity'),
    mental: smallint('mental'),
    physical: smallint('physical'),
    localDate: localDate().notNull(),
    submittedAt: timestamptz('submitted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('surveys_client_survey_id_key').on(table.clientPersonId, table.clientSurveyId),
    index('surveys_client_day_idx').on(table.clientPersonId, table.localDate),
    index('surveys_client_submitted_idx').on(table.clientPersonId, table.submittedAt, table.id),
    check('surveys_type_valid', isIn(table.type, surveyTypeNames)),
    check('surveys_step_valid', isIn(table.step, journeyStepNames)),
    check(
      'surveys_status_valid',
      sql`(${table.type} = 'assessment') = (${table.status} is not null) and (${table.status} is null or ${isIn(table.status, assessmentStatusNames)})`,
    ),
    check(
      'surveys_indicators_valid',
      sql`coalesce(${table.productivity}, 0) between 0 and 100 and coalesce(${table.mental}, 0) between 0 and 100 and coalesce(${table.physical}, 0) between 0 and 100`,
    ),
  ],
);

export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    /** Generated by the client's app, so a retried upload is stored once. */
    clientExerciseId: uuid('client_exercise_id').notNull(),
    goal: text('goal', { enum: exerciseGoalNames }).notNull(),
    /** The journey step the client was on for that local date. */
    step: text('step', { enum: journeyStepNames }).notNull().default('learn'),
    stepGoal: text('step_goal', { enum: exerciseStepGoalNames }),
    bpm: smallint('bpm'),
    calendarEventId: uuid('calendar_event_id').references(() => calendarEvents.id, {
      onDelete: 'set null',
    }),
    /** Milliseconds. */
    hrv1Before: doublePrecision('hrv1_before'),
    hrv1After: doublePrecision('hrv1_after'),
    hrv2Before: doublePrecision('hrv2_before'),
    hrv2After: doublePrecision('hrv2_after'),
    /** Beats per minute. */
    pulseBefore: doublePrecision('pulse_before'),
    pulseAfter: doublePrecision('pulse_after'),
    /** Breaths per minute. */
    respiratoryBefore: doublePrecision('respiratory_before'),
    respiratoryAfter: doublePrecision('respiratory_after'),
    result: text('result').notNull().default(''),
    effect: text('effect', { enum: goalEffectNames }),
    localDate: localDate().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exercises_client_exercise_id_key').on(
      table.clientPersonId,
      table.clientExerciseId,
    ),
    index('exercises_client_day_idx').on(table.clientPersonId, table.localDate),
    index('exercises_client_completed_idx').on(table.clientPersonId, table.completedAt, table.id),
    check('exercises_goal_valid', isIn(table.goal, exerciseGoalNames)),
    check('exercises_step_valid', isIn(table.step, journeyStepNames)),
    check(
      'exercises_step_goal_valid',
      sql`${table.stepGoal} is null or ${isIn(table.stepGoal, exerciseStepGoalNames)}`,
    ),
    check(
      'exercises_bpm_valid',
      sql`${table.bpm} is null or ${isIn(table.bpm, breathsPerMinuteValues)}`,
    ),
    check(
      'exercises_effect_valid',
      sql`${table.effect} is null or ${isIn(table.effect, goalEffectNames)}`,
    ),
    check(
      'exercises_period_valid',
      sql`${table.completedAt} is null or ${table.completedAt} >= ${table.startedAt}`,
    ),
  ],
);

/**
 * Raw device samples, the largest and most written table: lean rows (no created_at, no surrogate
 * key) and one index, the key the app's ids give, which makes a batch sent twice stored once.
 * Nothing reads them back (the daily rollup folds them in as they arrive), so no index by time:
 * inserts are quicker without an identity column and that index (migration 0014).
 */
export const metricSamples = pgTable(
  'metric_samples',
  {
    organisationId: organisationOfBusyRow(),
    clientPersonId: clientOfBusyRow(),
    /** Generated by the client's app: the same batch sent twice is stored once. */
    clientSampleId: uuid('client_sample_id').notNull(),
    kind: text('kind', { enum: metricKindNames }).notNull(),
    value: doublePrecision('value').notNull(),
    measuredAt: timestamptz('measured_at').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'metric_samples_pkey',
      columns: [table.clientPersonId, table.clientSampleId],
    }),
    check('metric_samples_kind_valid', isIn(table.kind, metricKindNames)),
  ],
);

/** Periods the client's app was in use (engagement). */
export const usageSessions = pgTable(
  'usage_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: organisationOfBusyRow(),
    clientPersonId: clientPersonId(),
    clientSessionId: uuid('client_session_id').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at').notNull(),
  },
  (table) => [
    uniqueIndex('usage_sessions_client_session_id_key').on(
      table.clientPersonId,
      table.clientSessionId,
    ),
    index('usage_sessions_client_started_at_idx').on(table.clientPersonId, table.startedAt),
    index('usage_sessions_client_ended_at_idx').on(table.clientPersonId, table.endedAt),
    check('usage_sessions_period_valid', sql`${table.endedAt} >= ${table.startedAt}`),
  ],
);

/**
 * The rollup the analytics read: one row per client per local date, updated as data arrive.
 * Averages are kept with their counts so a new batch folds in without rereading raw rows; an
 * indicator average is null until a survey of that day gives it a value. Only completed actions
 * are counted: what was scheduled follows from the schedule (`scheduledActionsDue`).
 */
export const clientDaily = pgTable(
  'client_daily',
  {
    organisationId: organisationOfBusyRow(),
    clientPersonId: clientPersonId(),
    localDate: localDate().notNull(),
    usageSeconds: integer('usage_seconds').notNull().default(0),
    hrvCount: integer('hrv_count').notNull().default(0),
    hrvAverage: doublePrecision('hrv_average'),
    pulseCount: integer('pulse_count').notNull().default(0),
    pulseAverage: doublePrecision('pulse_average'),
    respiratoryCount: integer('respiratory_count').notNull().default(0),
    respiratoryAverage: doublePrecision('respiratory_average'),
    reflectionsCompleted: integer('reflections_completed').notNull().default(0),
    exercisesCompleted: integer('exercises_completed').notNull().default(0),
    assessmentsCompleted: integer('assessments_completed').notNull().default(0),
    productivityCount: integer('productivity_count').notNull().default(0),
    productivityAverage: doublePrecision('productivity_average'),
    mentalCount: integer('mental_count').notNull().default(0),
    mentalAverage: doublePrecision('mental_average'),
    physicalCount: integer('physical_count').notNull().default(0),
    physicalAverage: doublePrecision('physical_average'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'client_daily_pkey', columns: [table.clientPersonId, table.localDate] }),
    check('client_daily_usage_valid', sql`${table.usageSeconds} between 0 and 90000`),
  ],
);

/**
 * Per client and journey step: the sums the clients list reads instead of the daily rows, so a
 * coach's list costs one row per client whatever the length of the phase. Recomputed from
 * `client_daily` over the step's dates whenever a survey, assessment or exercise lands and on a
 * phase change (one client's rows, at most a year of them). A date belongs to the step with the
 * latest start date on or before it (the day of a phase change belongs to the new phase).
 * Indicator sums are sums of daily averages over the days that have one.
 */
export const clientPhaseTotals = pgTable(
  'client_phase_totals',
  {
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    step: text('step', { enum: journeyStepNames }).notNull(),
    productivitySum: doublePrecision('productivity_sum').notNull().default(0),
    productivityDays: integer('productivity_days').notNull().default(0),
    mentalSum: doublePrecision('mental_sum').notNull().default(0),
    mentalDays: integer('mental_days').notNull().default(0),
    physicalSum: doublePrecision('physical_sum').notNull().default(0),
    physicalDays: integer('physical_days').notNull().default(0),
    reflectionsCompleted: integer('reflections_completed').notNull().default(0),
    exercisesCompleted: integer('exercises_completed').notNull().default(0),
    assessmentsCompleted: integer('assessments_completed').notNull().default(0),
    /**
     * The low days of the step while it is the current one (`lowDays`), judged by the write side
     * with the rule (`lowDayCount`) over the step's daily averages newest first: the step's start
     * date they were judged from (null: not judged, e.g. a step already followed by another), the
     * newest date with a figure (null: none), and per indicator the count and the oldest date of
     * the run. They hold for any instant whose local today is on or after `low_days_through`
     * while the run starts inside the list's window (see services/clientRecords/lowDayRuns.ts).
     */
    lowDaysJudgedFrom: localDate('low_days_judged_from'),
    lowDaysThrough: localDate('low_days_through'),
    productivityLowDays: integer('productivity_low_days').notNull().default(0),
    productivityLowFrom: localDate('productivity_low_from'),
    mentalLowDays: integer('mental_low_days').notNull().default(0),
    mentalLowFrom: localDate('mental_low_from'),
    physicalLowDays: integer('physical_low_days').notNull().default(0),
    physicalLowFrom: localDate('physical_low_from'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'client_phase_totals_pkey', columns: [table.clientPersonId, table.step] }),
    check('client_phase_totals_step_valid', isIn(table.step, journeyStepNames)),
  ],
);

/** The versions of `client_list_entries` rows (see its `version`). */
export const clientListVersions = pgSequence('client_list_versions');

/**
 * Per client (type 'user'): what the coach's clients list reads of them, kept ready so that a
 * coach's list is one index range of rows, whatever the history behind them. `entry` is one JSON
 * text: the client's profile, email, picture, journey steps and every step's phase totals (with
 * their stored low days); `sessions` the periods of app use engagement can need (the sessions
 * merged, those ending within 48 h before the newest start and the latest-ending one). Never
 * written by the services: database triggers (all in ./clientList.sql, the row's one definition)
 * rebuild a client's row in the transaction of every write to the tables it is made from, so
 * that no write, test seed or import can leave it behind. The figures that depend on "now" are
 * computed at read (services/analytics/figures.ts).
 */
export const clientListEntries = pgTable(
  'client_list_entries',
  {
    clientPersonId: uuid('client_person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    coachPersonId: uuid('coach_person_id'),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    /** The facts of the client (see clientList.sql): rebuilt by a write to any of their tables. */
    entry: text('entry').notNull(),
    /**
     * The newest session's start and the periods kept, as `[epoch ms | null, [[start, end]...]]`:
     * a new session (every device batch) is merged into them; a changed or removed one rebuilds
     * them from the sessions.
     */
    sessions: text('sessions').notNull().default('[null,[]]'),
    /**
     * The client's messages their coach has not read (to the entry's coach, not deleted), counted
     * again by a trigger on every write to `messages` that changes it and by every rebuild (a
     * client moved to another coach brings none of the first coach's).
     */
    unreadMessages: integer('unread_messages').notNull().default(0),
    /**
     * The client's open follow-up with the entry's coach as `[dueDate, reason]` JSON, null when
     * none: written by a trigger on every write to `follow_ups` and by every rebuild.
     */
    followUp: text('follow_up'),
    /**
     * The entry's coach's latest review of the client ('reviewed for today') as
     * `[day, reviewedAt, flags, unreadMessages]` JSON, null when none: written by a trigger on
     * every write to `client_reviews` and by every rebuild; the list answers it on its day only.
     */
    review: text('review'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * A number no other write of a row has had (`client_list_versions`), set by every insert and
     * update (a trigger): a coach's rows' versions, in the list's order, tell
     * whether anything the list shows has changed since they were last read.
     */
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('client_list_versions')`),
  },
  (table) => [
    index('client_list_entries_coach_idx').on(
      table.organisationId,
      table.coachPersonId,
      table.lastName,
      table.firstName,
      table.clientPersonId,
    ),
  ],
);

/**
 * PDF reports of a client, kept with what their list shows. Scoped to the coach who
 * generated them as well as the client: another coach never reads one, even a later coach of the
 * same client. Bounded in size by the render (at most 90 days, 4 notes of 500 characters).
 */
export const clientReports = pgTable(
  'client_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** The coach's name when it was generated, as the PDF shows it. */
    authorName: text('author_name').notNull(),
    periodFrom: localDate('period_from').notNull(),
    periodTo: localDate('period_to').notNull(),
    step: text('step', { enum: journeyStepNames }).notNull(),
    stepDay: integer('step_day').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('client_reports_client_coach_created_idx').on(
      table.clientPersonId,
      table.coachPersonId,
      table.createdAt,
    ),
    check('client_reports_step_valid', isIn(table.step, journeyStepNames)),
    check('client_reports_period_valid', sql`${table.periodFrom} <= ${table.periodTo}`),
    check('client_reports_size_valid', sql`${table.byteSize} = octet_length(${table.bytes})`),
  ],
);

/**
 * Mail waiting to go (see `mail/outbox.ts`): queued in the transaction that stores what it
 * carries (a reset code, an invite link), sent by the server's sender with retries. The body
 * (recipient, subject and text: a code or a link is a secret) is cleared once the mail went; a
 * dead mail keeps it until an operator requeues or deletes it. Rows are deleted 7 days after
 * they were sent or died.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    recipient: text('recipient'),
    subject: text('subject'),
    text: text('text'),
    /** An HTML part beside the text, when the mail has one (the morning mail). */
    html: text('html'),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** Why the last attempt failed, as a reason code (`ECONNREFUSED`, `smtp_550`), never a text. */
    lastErrorKind: text('last_error_kind'),
    sentAt: timestamptz('sent_at'),
    deadAt: timestamptz('dead_at'),
  },
  (table) => [
    // What the sender claims: pending mail by due time.
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.deadAt} is null`),
    check(
      'mail_outbox_sent_has_no_body',
      sql`${table.sentAt} is null or (${table.recipient} is null and ${table.subject} is null and ${table.text} is null and ${table.html} is null)`,
    ),
    check(
      'mail_outbox_pending_has_body',
      sql`${table.sentAt} is not null or (${table.recipient} is not null and ${table.subject} is not null and ${table.text} is not null)`,
    ),
    check('mail_outbox_attempts_valid', sql`${table.attempts} >= 0`),
  ],
);

/**
 * The morning attention mail's claims (see `services/morningMail/`): one row per coach and local
 * date, written in the transaction that queues the mail, so with any number of server processes a
 * coach gets one mail a day. A day when nobody needed attention is claimed too, without a mail.
 * Rows are deleted after a few days.
 */
export const morningMailClaims = pgTable(
  'morning_mail_claims',
  {
    organisationId: organisationId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** The coach's local date the mail is for. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** The queued mail, null when nobody needed attention. */
    mailId: uuid('mail_id'),
    /** How many clients the mail listed. */
    clientCount: integer('client_count').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({
      name: 'morning_mail_claims_pkey',
      columns: [table.coachPersonId, table.localDate],
    }),
    index('morning_mail_claims_date_idx').on(table.organisationId, table.localDate),
  ],
);

/**
 * The messages between a client and their coach (see `services/messaging/`): client data, as
 * reflections are. A thread is the client's with the coach they have: `coach_person_id` is the
 * client's coach when the message was sent, so a client who moves to another coach starts a new
 * thread and the old coach reads nothing more. The id is the sender's, so a retried send is
 * stored once. A deleted message keeps its row, its text emptied.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    author: text('author', { enum: messageAuthors }).notNull(),
    text: text('text').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    readAt: timestamptz('read_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    // A thread's pages, newest first.
    index('messages_thread_idx').on(
      table.clientPersonId,
      table.coachPersonId,
      table.sentAt.desc(),
      table.id.desc(),
    ),
    // A coach's unread client messages (the unread counts), small: only what is unread.
    index('messages_coach_unread_idx')
      .on(table.coachPersonId, table.clientPersonId)
      .where(
        sql`${table.author} = 'client' and ${table.readAt} is null and ${table.deletedAt} is null`,
      ),
    check('messages_author_valid', isIn(table.author, messageAuthors)),
    check('messages_text_length', sql`char_length(${table.text}) <= 2000`),
  ],
);

/**
 * When a client was last mailed that their coach wrote (one row per client), written in the
 * transaction of the coach's message: at most one such mail per client per hour, whatever the
 * number of processes.
 */
export const messageMails = pgTable('message_mails', {
  clientPersonId: uuid('client_person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  mailedAt: timestamptz('mailed_at').notNull(),
});

/** A coach's quick replies, in their order: one row per coach, the list bounded by the contract. */
export const quickReplies = pgTable('quick_replies', {
  coachPersonId: uuid('coach_person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  items: jsonb('items').$type<{ id: string; text: string }[]>().notNull().default([]),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A coach's private notes on a client (see `services/notes/`): client data, read only by the coach
 * who wrote them while the client is theirs (`coach_person_id` is the writer), so a client who
 * moves to another coach leaves them out of everyone's reach. The id is the writer's, so a
 * retried write is stored once. Deleted for good (the audit log names the note, never its text).
 */
export const clientNotes = pgTable(
  'client_notes',
  {
    id: uuid('id').primaryKey(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    writtenAt: timestamptz('written_at').notNull().defaultNow(),
    editedAt: timestamptz('edited_at'),
  },
  (table) => [
    // A client's notes by their writer, newest first: the pages and the searches within them.
    index('client_notes_list_idx').on(
      table.clientPersonId,
      table.coachPersonId,
      table.writtenAt.desc(),
      table.id.desc(),
    ),
    check(
      'client_notes_text_length',
      sql`char_length(${table.text}) <= ${sql.raw(String(notesLimits.noteMaxLength))}`,
    ),
  ],
);

/**
 * A coach's follow-ups on a client: when they mean to check in again (a date in the coach's time
 * zone) and why. At most one open per client and coach (`ended_at` null); ended ones are kept,
 * with how they ended: marked done, ended by the coach acting on the client, or dropped.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    dueDate: localDate('due_date').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    ending: text('ending', { enum: followUpEndings }),
  },
  (table) => [
    // The one open follow-up of a client with a coach: a second is a move of the first.
    uniqueIndex('follow_ups_open_idx')
      .on(table.clientPersonId, table.coachPersonId)
      .where(sql`${table.endedAt} is null`),
    // A coach's open follow-ups by their date (the due ones first).
    index('follow_ups_coach_due_idx')
      .on(table.coachPersonId, table.dueDate)
      .where(sql`${table.endedAt} is null`),
    check(
      'follow_ups_reason_length',
      sql`char_length(${table.reason}) <= ${sql.raw(String(notesLimits.followUpReasonMaxLength))}`,
    ),
    check(
      'follow_ups_ending_valid',
      sql`${table.ending} is null or ${isIn(table.ending, followUpEndings)}`,
    ),
    check(
      'follow_ups_ended_with_ending',
      sql`(${table.endedAt} is null) = (${table.ending} is null)`,
    ),
  ],
);

/**
 * A coach's reviews of a client, 'reviewed for today' (decision 94): one per client, coach and the
 * coach's day (a second mark the same day replaces it), with the queue flags the server found then
 * and the unread messages then. The audit log keeps who marked and undid what; a mark removes the
 * pair's reviews of earlier days, which no answer shows.
 */
export const clientReviews = pgTable(
  'client_reviews',
  {
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    day: localDate('day').notNull(),
    reviewedAt: timestamptz('reviewed_at').notNull(),
    flags: jsonb('flags').$type<string[]>().notNull(),
    unreadMessages: integer('unread_messages').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'client_reviews_pkey',
      columns: [table.clientPersonId, table.coachPersonId, table.day],
    }),
    // A coach's reviews (the coach's person goes, their reviews with it).
    index('client_reviews_coach_idx').on(table.coachPersonId),
  ],
);

/**
 * A client's attention episodes with their coach (see `services/analytics/episodes/`): from
 * entering 'needs attention' by the clients list's rule to leaving it, with the coach's first
 * action on the client in between. Opened and ended by the episodes' sweep; the first action
 * written by the acting service's transaction (`coachActed`). At most one open per client and
 * coach.
 */
export const attentionEpisodes = pgTable(
  'attention_episodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationId(),
    clientPersonId: clientPersonId(),
    coachPersonId: uuid('coach_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull(),
    reasons: jsonb('reasons').$type<AttentionReason[]>().notNull(),
    firstActionAt: timestamptz('first_action_at'),
    firstActionKind: text('first_action_kind', { enum: actingKinds }),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [
    // The one open episode of a client with a coach: the sweep's and the first action's.
    uniqueIndex('attention_episodes_open_idx')
      .on(table.clientPersonId, table.coachPersonId)
      .where(sql`${table.endedAt} is null`),
    // A coach's episodes by their start: the figures' window.
    index('attention_episodes_coach_idx').on(table.coachPersonId, table.startedAt.desc()),
    // A client's episodes with a coach, newest first: the profile.
    index('attention_episodes_client_idx').on(
      table.clientPersonId,
      table.coachPersonId,
      table.startedAt.desc(),
    ),
    check(
      'attention_episodes_action_kind_valid',
      sql`${table.firstActionKind} is null or ${isIn(table.firstActionKind, actingKinds)}`,
    ),
    check(
      'attention_episodes_action_with_kind',
      sql`(${table.firstActionAt} is null) = (${table.firstActionKind} is null)`,
    ),
  ],
);

/**
 * A coach's figures over their clients' attention episodes of the last 30 days, as the last
 * sweep of the coach kept them (`swept_at`, the services' clock), so the clients list's header
 * reads them without working them out. `is_stale`: an action or a change since asks for the next
 * tick's sweep.
 */
export const coachAttentionFigures = pgTable('coach_attention_figures', {
  coachPersonId: uuid('coach_person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  sweptAt: timestamptz('swept_at').notNull(),
  figures: jsonb('figures').$type<EpisodeFigures>().notNull(),
  isStale: boolean('is_stale').notNull().default(false),
});
