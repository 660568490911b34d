import { type CoachAction, type CoachActionKind, coachActionLimits } from '@coach/api';
import { isOneOf, journeyStepNames } from '@coach/domain';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AuditAction } from '../../db/auditActions.ts';
import { type Database, preparedPerHandle, schema } from '../../db/index.ts';

const { auditLog, invites } = schema;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks about whom: the coach (person and user ids) and their client. */
export type CoachActionsOwner = {
  organisationId: string;
  coach: { personId: string; userId: string };
  client: { personId: string; userId: string };
};

type AuditRow = { id: number; action: AuditAction; at: Date; details: Record<string, unknown> };

/** The audit row as an action of the history, or null for a row it does not show. */
function toCoachAction(row: AuditRow): CoachAction | null {
  const base = { id: String(row.id), at: row.at.toISOString() };
  const none = { fromPhase: null, toPhase: null, reportId: null };
  const { details } = row;
  const kindOf = (kind: CoachActionKind) => ({ ...base, ...none, kind });
  switch (row.action) {
    case 'invite_sent':
      return kindOf(details.isResend === true ? 'inviteResent' : 'invited');
    case 'phase_changed': {
      const { from, to } = details;
      if (!isOneOf(journeyStepNames, to)) return null;
      return {
        ...kindOf('phaseChanged'),
        fromPhase: isOneOf(journeyStepNames, from) ? from : null,
        toPhase: to,
      };
    }
    case 'report_generated': {
      const { reportId } = details;
      const id = typeof reportId === 'string' && uuidPattern.test(reportId) ? reportId : null;
      return { ...kindOf('reportGenerated'), reportId: id };
    }
    default:
      return null;
  }
}

/**
 * The statement of {@link listCoachActions}, prepared once per database (a coach's profile
 * call).
 */
const coachActionsStatementOf = preparedPerHandle((db: Database) => {
  const organisationId = sql.placeholder('organisationId');
  const acceptedInvites = db
    .select({ id: sql<string>`${invites.id}::text` })
    .from(invites)
    .where(
      and(
        eq(invites.organisationId, organisationId),
        eq(invites.coachPersonId, sql.placeholder('coachPersonId')),
        eq(invites.acceptedUserId, sql.placeholder('clientUserId')),
      ),
    );
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.at,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organisationId, organisationId),
        eq(auditLog.actorUserId, sql.placeholder('coachUserId')),
        or(isNull(auditLog.outcome), eq(auditLog.outcome, 'success')),
        or(
          and(
            inArray(auditLog.action, ['phase_changed', 'report_generated']),
            eq(auditLog.subject, sql.placeholder('clientPersonId')),
          ),
          and(
            eq(auditLog.action, 'invite_sent'),
            inArray(sql`${auditLog.details} ->> 'inviteId'`, acceptedInvites),
          ),
        ),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(coachActionLimits.listMax)
    .prepare('analytics_coach_actions_of_client');
});

/**
 * The coach's own actions on their client, newest first, at most {@link coachActionLimits.listMax}:
 * the invites they sent that the client accepted (the audit row names the invite, not the client),
 * and the phase changes and reports whose subject is the client. Only the kind, the instant, the
 * phases and the report id leave the audit row: its address, IP and request id stay.
 */
export async function listCoachActions(
  db: Database,
  owner: CoachActionsOwner,
): Promise<CoachAction[]> {
  const { organisationId, coach, client } = owner;
  const rows = await coachActionsStatementOf(db).execute({
    organisationId,
    coachPersonId: coach.personId,
    coachUserId: coach.userId,
    clientPersonId: client.personId,
    clientUserId: client.userId,
  });
  return rows.map(toCoachAction).filter((action) => action !== null);
}
