import type { Invite } from '@coach/api';
import {
  canonicalTimeZone,
  inviteAccountExistsMessage,
  inviteMessages,
  inviteTimeZoneMessage,
  isHeldByAnotherCoach,
} from '@coach/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit.ts';
import type { AuditAction } from '../../db/auditActions.ts';
import { type Database, normalizeEmail, schema } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { MailQueue } from '../../mail/outbox.ts';
import { publishClientChange } from '../core/index.ts';
import { findLiveInvite, type InviteRow } from './inviteLinks.ts';
import { writeInviteMail } from './inviteMail.ts';
import { hashPassword } from './passwords.ts';
import { enforceRateLimit } from './rateLimit.ts';
import type { RequestMeta } from './requestMeta.ts';
import { issueTokens, type SessionDeps, type Tokens } from './sessions.ts';
import { findPersonOfUser, findUserByEmail, insertAccount, type PersonRow } from './users.ts';

const invites = schema.invites;

/** What the coach's calls need beside the session's: the mail queue and the app's address. */
export type InviteDeps = SessionDeps & { mail: MailQueue; appUrl: string };

/** An invite as the contract answers it. */
export function inviteView(
  row: Pick<InviteRow, 'id' | 'email' | 'status' | 'lastSentAt' | 'expiresAt'>,
): Invite {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    sentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** One answer for an address that has an account and one invited by another coach. */
export const notInvitable = () =>
  new DomainError('already_registered', inviteMessages.notInvitable);

/** The caller's profile when it is a coach's; only coaches invite and manage invites. */
export async function requireCoach(
  db: Database,
  organisationId: string,
  callerUserId: string,
): Promise<PersonRow> {
  const coach = await findPersonOfUser(db, organisationId, callerUserId);
  if (coach?.type !== 'coach') throw new DomainError('forbidden', inviteMessages.onlyCoaches);
  return coach;
}

/** Records what a coach did with an invite, in the audit log: about an address, from where. */
/**
 * Counts one invite mail (a new invite or a resend: one per-coach bucket, so alternating the two
 * never doubles what a coach may send) and refuses past `rateLimits.inviteCreate`.
 */
export function countInviteMail(
  { database, organisationId, options }: SessionDeps,
  callerUserId: string,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  return enforceRateLimit(
    database.db,
    organisationId,
    'inviteCreate',
    options.rateLimits.inviteCreate,
    { ...meta, account: callerUserId },
    now,
  );
}

export function inviteAuditor(
  db: Database,
  organisationId: string,
  callerUserId: string,
  email: string,
  meta: RequestMeta,
) {
  return (action: AuditAction, details: Record<string, unknown>) =>
    recordAudit(db, {
      organisationId,
      action,
      actorUserId: callerUserId,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      details,
    });
}

/**
 * A coach invites a client by email: a link with a random token (only its hash is kept) is
 * mailed. A pending invite of this coach to the same address is resent with a new token, never
 * duplicated; one upsert does it, so parallel invites cannot make two rows. A pending invite of
 * another coach wins until it expires. The token and its mail are stored in one transaction and
 * the outbox sends the mail after the answer (retrying while SMTP is unreachable), so no answer
 * waits for SMTP and no database lock is held while it answers. Rate limited per coach
 * (`rateLimits.inviteCreate`).
 */
export async function createInvite(
  deps: InviteDeps,
  callerUserId: string,
  input: { email: string; firstName?: string; lastName?: string },
  meta: RequestMeta,
): Promise<Invite> {
  const { database, organisationId, options } = deps;
  const now = options.now();
  const email = normalizeEmail(input.email);
  const coach = await requireCoach(database.db, organisationId, callerUserId);
  // Refused invites count too: each tells whether an address has an account.
  await countInviteMail(deps, callerUserId, meta, now);
  const audit = inviteAuditor(database.db, organisationId, callerUserId, email, meta);
  const refuse = async (reason: 'has_account' | 'invited_by_another_coach') => {
    await audit('invite_refused', { reason });
    return notInvitable();
  };
  if (await findUserByEmail(database.db, organisationId, email)) throw await refuse('has_account');
  const [pending] = await database.db
    .select({ coachPersonId: invites.coachPersonId, expiresAt: invites.expiresAt })
    .from(invites)
    .where(
      and(
        eq(invites.organisationId, organisationId),
        eq(invites.email, email),
        eq(invites.status, 'pending'),
      ),
    );
  if (isHeldByAnotherCoach(pending, coach.id, now)) {
    throw await refuse('invited_by_another_coach');
  }
  const { message, tokenHash, expiresAt } = writeInviteMail(deps, { ...input, email }, coach, now);
  const at = sql`${now.toISOString()}::timestamptz`;
  const row = await database.transaction(async (tx) => {
    const [stored] = await tx
      .insert(invites)
      .values({
        organisationId,
        coachPersonId: coach.id,
        email,
        tokenHash,
        createdAt: now,
        lastSentAt: now,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: [invites.organisationId, invites.email],
        targetWhere: sql`${invites.status} = 'pending'`,
        set: { tokenHash, lastSentAt: now, expiresAt, coachPersonId: coach.id },
        setWhere: sql`${invites.coachPersonId} = ${coach.id}::uuid or ${invites.expiresAt} <= ${at}`,
      })
      .returning();
    if (stored) await deps.mail.add(tx, message);
    return stored;
  });
  // Another coach invited the address since the check above: nothing was stored nor queued.
  if (!row) throw await refuse('invited_by_another_coach');
  deps.mail.wake();
  await audit('invite_sent', { inviteId: row.id });
  return inviteView(row);
}

/**
 * The invited client sets a password and a name: a user and a profile of type 'user' linked to
 * the inviting coach are created, the invite is used up, and a session starts. Rate limited per
 * IP, and the token is checked before the password is hashed, so bogus links cost no argon2
 * work. Then one transaction, with the invite row locked (and checked again) so one link makes
 * one account.
 */
export async function acceptInvite(
  deps: SessionDeps,
  input: {
    token: string;
    password: string;
    firstName: string;
    lastName: string;
    timezone?: string;
  },
  meta: RequestMeta,
): Promise<Tokens> {
  const { database, organisationId, options } = deps;
  const now = options.now();
  await enforceRateLimit(
    database.db,
    organisationId,
    'inviteAccept',
    options.rateLimits.inviteAccept,
    meta,
    now,
  );
  const timezone = input.timezone === undefined ? 'UTC' : canonicalTimeZone(input.timezone);
  if (!timezone) {
    throw new DomainError('invalid_timezone', inviteTimeZoneMessage(input.timezone ?? ''));
  }
  await findLiveInvite(database.db, organisationId, input.token, now);
  const passwordHash = await hashPassword(input.password);
  return database.transaction(async (tx) => {
    const invite = await findLiveInvite(tx, organisationId, input.token, now, true);
    if (await findUserByEmail(tx, organisationId, invite.email)) {
      throw new DomainError('already_registered', inviteAccountExistsMessage(invite.email));
    }
    const user = await insertAccount(
      tx,
      organisationId,
      { email: invite.email, passwordHash, createdAt: now },
      {
        type: 'user',
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        coachPersonId: invite.coachPersonId,
        timezone,
        // The acceptance starts learn: it follows the auth clock, which the simulator moves.
        createdAt: now,
      },
    );
    // The coach's list has a new client.
    await publishClientChange(database, tx, {
      id: user.personId,
      coachPersonId: invite.coachPersonId,
    });
    await tx
      .update(invites)
      .set({ status: 'accepted', acceptedAt: now, acceptedUserId: user.userId })
      .where(eq(invites.id, invite.id));
    const issued = await issueTokens(tx, deps, user.userId, now);
    await recordAudit(tx, {
      organisationId,
      action: 'invite_accepted',
      actorUserId: user.userId,
      subject: invite.email,
      ip: meta.ip,
      requestId: meta.requestId,
      details: { inviteId: invite.id, sessionId: issued.familyId },
    });
    return { accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  });
}
