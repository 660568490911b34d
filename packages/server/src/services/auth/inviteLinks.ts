import type { InviteCheck } from '@coach/api';
import { fullName, inviteMessages, inviteRefusal, oneLineName } from '@coach/domain';
import { and, eq } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import { enforceRateLimit } from './rateLimit.ts';
import type { RequestMeta } from './requestMeta.ts';
import { sameDigest, sha256Hex } from './secrets.ts';
import type { SessionDeps } from './sessions.ts';

const invites = schema.invites;

export type InviteRow = typeof invites.$inferSelect;

/**
 * The invite a link's token names, if it can be used at `now`; otherwise the refusal of the
 * contract's rule (not found, used, expired or withdrawn). The lookup is by the token's SHA-256,
 * so the time it takes says nothing about the token; the digest is compared again in constant
 * time. `isLocked` locks the row for the caller's transaction (acceptance).
 */
export async function findLiveInvite(
  db: Database | Transaction,
  organisationId: string,
  token: string,
  now: Date,
  isLocked = false,
): Promise<InviteRow> {
  const tokenHash = sha256Hex(token);
  const query = db
    .select()
    .from(invites)
    .where(and(eq(invites.organisationId, organisationId), eq(invites.tokenHash, tokenHash)));
  const [row] = await (isLocked ? query.for('update') : query);
  if (!row || !sameDigest(row.tokenHash, tokenHash)) {
    throw new DomainError('invite_not_found', inviteMessages.notFound);
  }
  const refusal = inviteRefusal(row, now);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  return row;
}

/**
 * What the invite page shows before the invitee accepts: whether the link works, for which
 * address, from which coach and until when. Nothing changes: the invite stays usable. Rate
 * limited per client address (`rateLimits.inviteCheck`), every attempt counted.
 */
export async function checkInvite(
  deps: SessionDeps,
  token: string,
  meta: RequestMeta,
): Promise<InviteCheck> {
  const { database, organisationId, options } = deps;
  const now = options.now();
  await enforceRateLimit(
    database.db,
    organisationId,
    'inviteCheck',
    options.rateLimits.inviteCheck,
    meta,
    now,
  );
  const invite = await findLiveInvite(database.db, organisationId, token, now);
  const [coach] = await database.db
    .select({ firstName: schema.persons.firstName, lastName: schema.persons.lastName })
    .from(schema.persons)
    .where(
      and(
        eq(schema.persons.organisationId, organisationId),
        eq(schema.persons.id, invite.coachPersonId),
      ),
    );
  return {
    email: invite.email,
    // One line, even for a name stored before names had to be (the page shows it as text).
    coachName: coach ? oneLineName(fullName(coach)) : '',
    expiresAt: invite.expiresAt.toISOString(),
  };
}
