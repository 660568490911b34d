import type { Database, Transaction } from './db/index.ts';
import { schema } from './db/index.ts';

/** What the audit log records: sign-ins, failures, resets, token reuse, profile changes... */
export type AuditEntry = {
  organisationId: string;
  action: string;
  actorUserId?: string | null;
  subject?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** Never a password, a code or a token. */
  details?: Record<string, unknown>;
};

/** Appends one row to the audit log, inside the caller's transaction when given one. */
export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    organisationId: entry.organisationId,
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subject: entry.subject ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    details: entry.details ?? {},
  });
}
