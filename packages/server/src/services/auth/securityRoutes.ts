import type { SecurityEvent } from '@coach/api';
import {
  accountSecurityLimits,
  type SecurityEventKind,
  type SessionProof,
  sessionProofs,
  signInFactorMessages,
} from '@coach/domain';
import { and, countDistinct, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit.ts';
import type { AuditAction } from '../../db/auditActions.ts';
import { schema } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { browserOf } from './factors/knownBrowsers.ts';
import { transactionEndingSessions } from './liveSessions.ts';
import type { RequestMeta } from './requestMeta.ts';
import { requestPasswordReset } from './resetCodes.ts';
import { type AuthRouteDeps, coachCallOf, metaOf } from './routeDeps.ts';
import { accountOfSecurityLink } from './securityNotices.ts';
import { revokeAllSessionsOfUser, type SessionDeps } from './sessions.ts';

// The account's security in Settings (issue 64): its recent events, read from the audit log, and
// the owner ending every other session; and a security notice's 'it was not me' link, which ends
// every session and starts a reset.

/** The audit actions Settings lists, and what each is called there. */
const eventOfAction: Partial<Record<AuditAction, SecurityEventKind>> = {
  sign_in: 'signIn',
  passkey_added: 'passkeyAdded',
  passkey_removed: 'passkeyRemoved',
  authenticator_added: 'authenticatorAdded',
  authenticator_removed: 'authenticatorRemoved',
  recovery_codes_regenerated: 'recoveryCodesRegenerated',
  password_reset: 'passwordChanged',
  session_ended: 'sessionEnded',
  other_sessions_ended: 'otherSessionsEnded',
  second_factor_failed: 'secondFactorFailed',
  security_link_used: 'securityLinkUsed',
};
const listedActions = Object.keys(eventOfAction) as AuditAction[];

/** Why a session ended that another event of the list tells already (one line, not one a session). */
const toldElsewhere = new Set(['password_reset', 'other_sessions_ended', 'security_link']);

type AuditRow = typeof schema.auditLog.$inferSelect;

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** How a sign-in was made, from its audit row (rows of older releases say less). */
function proofsOf(row: AuditRow): SessionProof[] {
  const listed = row.details.proofs;
  if (Array.isArray(listed)) {
    return listed.filter((proof): proof is SessionProof => sessionProofs.includes(proof));
  }
  if (row.details.proof === 'password_and_mailed_code') return ['password', 'mailedCode'];
  return row.action === 'sign_in' ? ['password'] : [];
}

/** The event of an audit row, or null for a row the list leaves out. */
function eventOf(row: AuditRow, sessionId: string): SecurityEvent | null {
  const kind = eventOfAction[row.action];
  if (!kind) return null;
  if (row.action === 'sign_in' && row.outcome !== 'success') return null;
  if (row.action === 'session_ended' && toldElsewhere.has(textOf(row.details.reason) ?? '')) {
    return null;
  }
  const browser = textOf(row.details.browser);
  return {
    id: String(row.id),
    kind,
    at: row.at.toISOString(),
    browser: browser ? browser.slice(0, 80) : null,
    proofs: row.action === 'sign_in' ? proofsOf(row) : [],
    isThisSession:
      (row.action === 'sign_in' && row.details.sessionId === sessionId) ||
      (row.action === 'session_ended' && row.subject === sessionId),
  };
}

/**
 * Ends the account's sessions (all but `keepSessionId`) for `reason`, audited as `action` with
 * how many ended; answers that number.
 */
function endSessions(
  deps: SessionDeps,
  userId: string,
  ending: { reason: 'other_sessions_ended' | 'security_link'; action: AuditAction },
  meta: RequestMeta,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  const { database, organisationId } = deps;
  return transactionEndingSessions(database, async (tx) => {
    const ended = await revokeAllSessionsOfUser(
      tx,
      organisationId,
      userId,
      ending.reason,
      now,
      meta,
      keepSessionId,
    );
    await recordAudit(tx, {
      organisationId,
      action: ending.action,
      actorUserId: userId,
      subject: userId,
      ip: meta.ip,
      requestId: meta.requestId,
      outcome: 'success',
      details: { ended, browser: meta.browser ?? null },
    });
    return ended;
  });
}

/** The account's security events, ending other sessions, and the 'it was not me' link. */
export function securityRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { deps, mail, afterAnswer, requireSession } = auth;
  const { database, organisationId } = deps;
  const { db } = database;

  app.route(
    contractRoute('listSecurityEvents', {
      onRequest: requireSession,
      handler: async function handleListSecurityEvents(request) {
        const { caller, now } = await coachCallOf(deps, request);
        const { auditLog: audit, refreshTokens: tokens } = schema;
        // Read a few more than listed: some rows (ended sessions told by another) are left out.
        const [rows, [live]] = await Promise.all([
          db
            .select()
            .from(audit)
            .where(
              and(
                eq(audit.organisationId, organisationId),
                eq(audit.actorUserId, caller.userId),
                inArray(audit.action, listedActions),
              ),
            )
            .orderBy(desc(audit.id))
            .limit(accountSecurityLimits.securityEventsListed * 2),
          db
            .select({ sessions: countDistinct(tokens.familyId) })
            .from(tokens)
            .where(
              and(
                eq(tokens.organisationId, organisationId),
                eq(tokens.userId, caller.userId),
                isNull(tokens.revokedAt),
                gt(tokens.expiresAt, now),
                ne(tokens.familyId, caller.sessionId),
              ),
            ),
        ]);
        const events = rows
          .map((row) => eventOf(row, caller.sessionId))
          .filter((event): event is SecurityEvent => event !== null)
          .slice(0, accountSecurityLimits.securityEventsListed);
        return { events, otherSessions: Number(live?.sessions ?? 0) };
      },
    }),
  );

  app.route(
    contractRoute('endOtherSessions', {
      onRequest: requireSession,
      handler: async function handleEndOtherSessions(request) {
        const { caller, now, meta } = await coachCallOf(deps, request);
        const ending = { reason: 'other_sessions_ended', action: 'other_sessions_ended' } as const;
        const ended = await endSessions(deps, caller.userId, ending, meta, now, caller.sessionId);
        return { ended };
      },
    }),
  );

  app.route(
    contractRoute('useSecurityLink', {
      handler: async function handleUseSecurityLink(request, reply) {
        const now = deps.options.now();
        const meta = metaOf(request);
        const userId = accountOfSecurityLink(deps, request.body.token, now);
        const [user] = userId
          ? await db
              .select({ id: schema.users.id, email: schema.users.email })
              .from(schema.users)
              .where(
                and(eq(schema.users.id, userId), eq(schema.users.organisationId, organisationId)),
              )
              .limit(1)
          : [];
        if (!user) {
          throw new DomainError('bad_request', signInFactorMessages.securityLinkExpired);
        }
        // The reset's own limits (per address, per email and address) bound the link's use too.
        const { resetRequestId } = await requestPasswordReset(
          deps,
          { email: user.email },
          meta,
          mail,
          afterAnswer(reply.raw, request.log),
          browserOf(request),
        );
        const ending = { reason: 'security_link', action: 'security_link_used' } as const;
        await endSessions(deps, user.id, ending, meta, now);
        return { email: user.email, resetRequestId };
      },
    }),
  );
}
