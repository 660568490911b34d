import { canonicalTimeZone } from '@coach/api';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit.ts';
import { type Database, normalizeEmail, schema, type Transaction } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { Mailer } from '../context.ts';
import { hashPassword } from './passwords.ts';
import { enforceRateLimit } from './rateLimit.ts';
import { addSeconds, randomToken, sameDigest, sha256Hex } from './secrets.ts';
import { issueTokens, type RequestMeta, type SessionDeps, type Tokens } from './sessions.ts';
import { findPersonOfUser, findUserByEmail } from './users.ts';

const invites = schema.invites;

export type InviteView = { id: string; email: string; status: 'pending'; sentAt: string };

/** One answer for an address that has an account and one invited by another coach. */
const notInvitable = () =>
  new DomainError(
    'already_registered',
    'This address already has an account or a pending invite of another coach',
  );

/**
 * A coach invites a client by email: a link with a random token (only its hash is kept) is
 * mailed. A pending invite of this coach to the same address is resent with a new token, never
 * duplicated; one upsert does it, so parallel invites cannot make two rows. A pending invite of
 * another coach wins until it expires. The mail goes first and the new token is stored once it
 * went: a failed mail changes nothing, so a link sent before keeps working (and no database lock
 * is held while SMTP answers). Rate limited per coach (`rateLimits.inviteCreate`).
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
    throw new DomainError('forbidden', 'Only coaches can invite clients');
  }
  // Refused invites count too: each tells whether an address has an account.
  await enforceRateLimit(
    database.db,
    organisationId,
    'inviteCreate',
    options.rateLimits.inviteCreate,
    { ...meta, account: callerUserId },
    now,
  );
  const audit = (action: string, details: Record<string, unknown>) =>
    recordAudit(database.db, {
      organisationId,
      action,
      actorUserId: callerUserId,
      subject: email,
      ip: meta.ip,
      requestId: meta.requestId,
      details,
    });
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
  if (pending && pending.coachPersonId !== coach.id && pending.expiresAt > now) {
    throw await refuse('invited_by_another_coach');
  }
  const token = randomToken();
  const tokenHash = sha256Hex(token);
  const expiresAt = addSeconds(now, options.inviteTtlSeconds);
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
    await audit('invite_mail_failed', {});
    throw new DomainError('mail_failed', 'Error performing client invite operation');
  }
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
  // Another coach invited the address since the check above: the link just mailed never works.
  if (!row) throw await refuse('invited_by_another_coach');
  await audit('invite_sent', { inviteId: row.id });
  return { id: row.id, email, status: 'pending', sentAt: row.lastSentAt.toISOString() };
}

type InviteRow = typeof invites.$inferSelect;

/** The live invite of a token, or the refusal to answer. */
function checkInvite(invite: InviteRow | undefined, tokenHash: string, now: Date): InviteRow {
  // The lookup is by the token's hash; comparing it again in constant time costs nothing.
  if (!invite || !sameDigest(invite.tokenHash, tokenHash)) {
    throw new DomainError('invite_not_found', 'This invite link is not valid');
  }
  if (invite.status === 'accepted') {
    throw new DomainError('invite_used', 'This invite has already been used');
  }
  if (invite.status !== 'pending' || invite.expiresAt <= now) {
    throw new DomainError(
      'invite_expired',
      'This invite has expired. Ask your coach for a new one',
    );
  }
  return invite;
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
    throw new DomainError(
      'invalid_timezone',
      `Unknown timezone '${input.timezone?.slice(0, 64)}': use an IANA name such as Europe/Paris`,
    );
  }
  const tokenHash = sha256Hex(input.token);
  const findInvite = async (db: Database | Transaction, isLocked: boolean) => {
    const query = db
      .select()
      .from(invites)
      .where(and(eq(invites.organisationId, organisationId), eq(invites.tokenHash, tokenHash)));
    const [invite] = await (isLocked ? query.for('update') : query);
    return checkInvite(invite, tokenHash, now);
  };
  await findInvite(database.db, false);
  const passwordHash = await hashPassword(input.password);
  return database.transaction(async (tx) => {
    const invite = await findInvite(tx, true);
    if (await findUserByEmail(tx, organisationId, invite.email)) {
      throw new DomainError(
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
      timezone,
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
