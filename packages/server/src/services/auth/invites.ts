import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit.ts';
import { normalizeEmail, schema } from '../../db/index.ts';
import type { Mailer } from '../context.ts';
import { AuthError } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { addSeconds, randomToken, sha256Hex } from './secrets.ts';
import { issueTokens, type RequestMeta, type SessionDeps, type Tokens } from './sessions.ts';
import { findPersonOfUser, findUserByEmail } from './users.ts';

const invites = schema.invites;

export type InviteView = { id: string; email: string; status: 'pending'; sentAt: string };

/**
 * A coach invites a client by email: a link with a random token (only its hash is kept) is
 * mailed. A pending invite of this coach to the same address is resent with a new token (the
 * old link stops working), never duplicated; one upsert does it, so parallel invites cannot
 * make two rows. A pending invite of another coach wins until it expires.
 */
export async function createInvite(
  deps: SessionDeps & { mailer: Mailer; appUrl: string },
  callerUserId: string,
  input: { email: string; firstName?: string; lastName?: string },
  meta: RequestMeta,
): Promise<InviteView> {
  const { database, organisationId, options } = deps;
  const now = options.now();
  const email = normalizeEmail(input.email);
  const coach = await findPersonOfUser(database.db, organisationId, callerUserId);
  if (coach?.type !== 'coach') {
    throw new AuthError('forbidden', 'Only coaches can invite clients');
  }
  if (await findUserByEmail(database.db, organisationId, email)) {
    throw new AuthError('already_registered', `An account with the email ${email} already exists`);
  }
  const token = randomToken();
  const tokenHash = sha256Hex(token);
  const expiresAt = addSeconds(now, options.inviteTtlSeconds);
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await database.db
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
    .returning({ id: invites.id, lastSentAt: invites.lastSentAt });
  if (!row) {
    throw new AuthError('already_invited', `${email} has already been invited by another coach`);
  }
  await recordAudit(database.db, {
    organisationId,
    action: 'invite_sent',
    actorUserId: callerUserId,
    subject: email,
    ip: meta.ip,
    requestId: meta.requestId,
    details: { inviteId: row.id },
  });
  const link = `${deps.appUrl.replace(/\/+$/, '')}/invite?token=${encodeURIComponent(token)}`;
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const coachName = `${coach.firstName} ${coach.lastName}`.trim() || 'Your coach';
  try {
    await deps.mailer.send({
      to: email,
      subject: 'You are invited to Coach',
      text:
        `${greeting}\n\n${coachName} invites you to join Coach.\n\n` +
        `Open this link to set your password: ${link}\n\n` +
        `The link is valid for ${Math.round(options.inviteTtlSeconds / 86_400)} days.`,
    });
  } catch {
    throw new AuthError('mail_failed', 'Error performing client invite operation');
  }
  return { id: row.id, email, status: 'pending', sentAt: row.lastSentAt.toISOString() };
}

function isTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The invited client sets a password and a name: a user and a profile of type 'user' linked to
 * the inviting coach are created, the invite is used up, and a session starts. All in one
 * transaction, with the invite row locked so one link makes one account.
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
  if (input.timezone !== undefined && !isTimezone(input.timezone)) {
    throw new AuthError('invalid_timezone', `Unknown timezone ${input.timezone}`);
  }
  const passwordHash = await hashPassword(input.password);
  const now = options.now();
  return database.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(invites)
      .where(
        and(
          eq(invites.organisationId, organisationId),
          eq(invites.tokenHash, sha256Hex(input.token)),
        ),
      )
      .for('update');
    if (!invite) throw new AuthError('invite_not_found', 'This invite link is not valid');
    if (invite.status === 'accepted') {
      throw new AuthError('invite_used', 'This invite has already been used');
    }
    if (invite.status !== 'pending' || invite.expiresAt <= now) {
      throw new AuthError(
        'invite_expired',
        'This invite has expired. Ask your coach for a new one',
      );
    }
    if (await findUserByEmail(tx, organisationId, invite.email)) {
      throw new AuthError(
        'already_registered',
        `An account with the email ${invite.email} already exists`,
      );
    }
    const [user] = await tx
      .insert(schema.users)
      .values({ organisationId, email: invite.email, passwordHash, createdAt: now })
      .returning({ id: schema.users.id });
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(schema.persons).values({
      organisationId,
      userId: user.id,
      type: 'user',
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      coachPersonId: invite.coachPersonId,
      timezone: input.timezone ?? 'UTC',
      // The acceptance starts learn: it follows the auth clock, which the simulator moves.
      createdAt: now,
    });
    await tx
      .update(invites)
      .set({ status: 'accepted', acceptedAt: now, acceptedUserId: user.id })
      .where(eq(invites.id, invite.id));
    const issued = await issueTokens(tx, deps, user.id, now);
    await recordAudit(tx, {
      organisationId,
      action: 'invite_accepted',
      actorUserId: user.id,
      subject: invite.email,
      ip: meta.ip,
      requestId: meta.requestId,
      details: { inviteId: invite.id, sessionId: issued.familyId },
    });
    return { accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  });
}
