import { type Database, schema, type Transaction } from './db/index.ts';

/**
 * Every action the audit log records, written once: the writers name them, the coach's history
 * (services/analytics/coachActions.ts) reads some back.
 */
export const auditActions = [
  // Sessions.
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'session_ended',
  'refresh_token_reuse',
  'rate_limited',
  // Password resets.
  'password_reset_requested',
  'password_reset_code_wrong',
  'password_reset_code_voided',
  'password_reset',
  // Invites.
  'invite_sent',
  'invite_refused',
  'invite_withdrawn',
  'invite_accepted',
  // A coach's work on a client.
  'client_data_read',
  'phase_changed',
  'report_generated',
  // The user's own profile.
  'profile_updated',
  'profile_picture_updated',
] as const;

/** One of {@link auditActions}. */
export type AuditAction = (typeof auditActions)[number];

/** How a recorded attempt ended: done, failed (wrong password, code...), or refused unheard. */
export type AuditOutcome = 'success' | 'failure' | 'refused';

/**
 * What the audit log records: sign-ins and their failures, sign-outs, ended sessions, throttled
 * attempts, resets, token reuse, profile changes... Who (`actorUserId`, or the account tried in
 * `subject`), what (`action`), when (`at`, set by the database), from where (`ip`, `requestId`)
 * and how it ended (`outcome`).
 */
export type AuditEntry = {
  organisationId: string;
  action: AuditAction;
  actorUserId?: string | null;
  subject?: string | null;
  ip?: string | null;
  requestId?: string | null;
  outcome?: AuditOutcome | null;
  /** Never a password, a code or a token. */
  details?: Record<string, unknown>;
};

/**
 * Appends one row to the audit log, inside the caller's transaction when given one. The table is
 * append-only: the database refuses every UPDATE, DELETE and TRUNCATE of it (migration 0003).
 */
export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    organisationId: entry.organisationId,
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    outcome: entry.outcome ?? null,
    details: entry.details ?? {},
  });
}
