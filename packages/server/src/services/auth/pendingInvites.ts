import type { Invite, InviteList } from '@coach/api';
import { inviteMessages, limits } from '@coach/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { schema } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { writeInviteMail } from './inviteMail.ts';
import {
  countInviteMail,
  type InviteDeps,
  inviteAuditor,
  inviteView,
  notInvitable,
  requireCoach,
} from './invites.ts';
import type { RequestMeta } from './requestMeta.ts';
import type { SessionDeps } from './sessions.ts';
import { findUserByEmail } from './users.ts';

// What a coach does with the invites they sent and nobody accepted yet: list, resend, withdraw.
// Each reaches only the caller's own pending invites; any other id (another coach's, accepted,
// withdrawn, unknown) is the same 404, so nothing tells whether someone else's invite exists.

const invites = schema.invites;

const inviteNotFound = () => new DomainError('not_found', inviteMessages.inviteIdNotFound);

/** The pending invites of a coach, or the one of them with `inviteId`. */
function ownPending(organisationId: string, coachPersonId: string, inviteId?: string) {
  return and(
    eq(invites.organisationId, organisationId),
    eq(invites.coachPersonId, coachPersonId),
    eq(invites.status, 'pending'),
    ...(inviteId === undefined ? [] : [eq(invites.id, inviteId)]),
  );
}

/**
 * The caller's pending invites, expired ones included (the coach may resend them), most recently
 * sent first, at most `limits.invitesListMax`, with how many there are in all.
 */
export async function listInvites(deps: SessionDeps, callerUserId: string): Promise<InviteList> {
  const { database, organisationId } = deps;
  const coach = await requireCoach(database.db, organisationId, callerUserId);
  const pending = ownPending(organisationId, coach.id);
  const rows = await database.db
    .select()
    .from(invites)
    .where(pending)
    .orderBy(desc(invites.lastSentAt), desc(invites.id))
    .limit(limits.invitesListMax);
  const [counted] = await database.db.select({ total: count() }).from(invites).where(pending);
  return { items: rows.map(inviteView), total: Number(counted?.total ?? 0) };
}

/**
 * Mails a pending invite of the caller again, with a new token (the old link stops working) and
 * a new period, as creating it does: the new token and its mail are stored in one transaction
 * and the outbox sends the mail after the answer. It counts against the coach's invite limit
 * (`rateLimits.inviteCreate`, the same bucket as creating), and an address that got an account
 * meanwhile is refused as creating refuses it.
 */
export async function resendInvite(
  deps: InviteDeps,
  callerUserId: string,
  inviteId: string,
  meta: RequestMeta,
): Promise<Invite> {
  const { database, organisationId, options } = deps;
  const now = options.now();
  const coach = await requireCoach(database.db, organisationId, callerUserId);
  await countInviteMail(deps, callerUserId, meta, now);
  const own = ownPending(organisationId, coach.id, inviteId);
  const [invite] = await database.db.select().from(invites).where(own);
  if (!invite) throw inviteNotFound();
  const audit = inviteAuditor(database.db, organisationId, callerUserId, invite.email, meta);
  if (await findUserByEmail(database.db, organisationId, invite.email)) {
    await audit('invite_refused', { reason: 'has_account', inviteId });
    throw notInvitable();
  }
  const { message, tokenHash, expiresAt } = writeInviteMail(
    deps,
    { email: invite.email },
    coach,
    now,
  );
  const row = await database.transaction(async (tx) => {
    const [stored] = await tx
      .update(invites)
      .set({ tokenHash, lastSentAt: now, expiresAt })
      .where(own)
      .returning();
    if (stored) await deps.mail.add(tx, message);
    return stored;
  });
  // Accepted or withdrawn since it was read: nothing was stored nor queued.
  if (!row) throw inviteNotFound();
  deps.mail.wake();
  await audit('invite_sent', { inviteId, isResend: true });
  return inviteView(row);
}

/**
 * Withdraws a pending invite of the caller: its link stops working. The row stays, marked
 * 'revoked', and the audit log says who withdrew it, when and from where.
 */
export async function withdrawInvite(
  deps: SessionDeps,
  callerUserId: string,
  inviteId: string,
  meta: RequestMeta,
): Promise<void> {
  const { database, organisationId } = deps;
  const coach = await requireCoach(database.db, organisationId, callerUserId);
  const [row] = await database.db
    .update(invites)
    .set({ status: 'revoked' })
    .where(ownPending(organisationId, coach.id, inviteId))
    .returning({ email: invites.email });
  if (!row) throw inviteNotFound();
  await inviteAuditor(
    database.db,
    organisationId,
    callerUserId,
    row.email,
    meta,
  )('invite_withdrawn', { inviteId });
}
