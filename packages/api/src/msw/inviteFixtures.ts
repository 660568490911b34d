import { inviteExpiry } from '@coach/domain';
import type { Invite } from '../contract/auth.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { demoClientCredentials, fixtureIds } from './fixtures.ts';

/**
 * An invite of the mock state: the contract's view plus what the server keeps beside it (the
 * mock keeps the token itself where the server keeps its hash).
 */
export type MockInvite = Invite & { token: string; coachPersonId: string };

/**
 * Invite link tokens the mocks know from the start, for the public invite page's stories
 * (`/invite?token=...`), at the stories' clock ({@link mockNow}):
 * - `valid`: a pending invite of the demo coach, sent two days ago;
 * - `expired`: a pending invite of the demo coach whose 14 days are over (the coach can resend it);
 * - `used`: an accepted invite (the demo client's);
 * - `withdrawn`: an invite the demo coach withdrew.
 */
export const fixtureInviteTokens = {
  valid: 'mock-invite-valid',
  expired: 'mock-invite-expired',
  used: 'mock-invite-used',
  withdrawn: 'mock-invite-withdrawn',
} as const;

/** The ids of the seeded invites: the demo coach's pending list shows the first three. */
export const fixtureInviteIds = {
  valid: '00000000-0000-4000-9100-000000000001',
  recent: '00000000-0000-4000-9100-000000000002',
  expired: '00000000-0000-4000-9100-000000000003',
  used: '00000000-0000-4000-9100-000000000004',
  withdrawn: '00000000-0000-4000-9100-000000000005',
} as const;

const daysBefore = (days: number) => new Date(mockNow.getTime() - days * 24 * 60 * 60 * 1000);

function seeded(
  id: string,
  email: string,
  token: string,
  status: Invite['status'],
  sentAt: Date,
): MockInvite {
  return {
    id,
    email,
    status,
    sentAt: sentAt.toISOString(),
    expiresAt: inviteExpiry(sentAt).toISOString(),
    token,
    coachPersonId: fixtureIds.coachPerson,
  };
}

/** Fresh seeded invites of the demo coach: three pending (one expired), one used, one withdrawn. */
export function createMockInvites(): MockInvite[] {
  return [
    seeded(
      fixtureInviteIds.recent,
      'robin.walsh@example.com',
      'mock-invite-recent',
      'pending',
      daysBefore(1),
    ),
    seeded(
      fixtureInviteIds.valid,
      'sam.taylor@example.com',
      fixtureInviteTokens.valid,
      'pending',
      daysBefore(2),
    ),
    seeded(
      fixtureInviteIds.expired,
      'casey.nguyen@example.com',
      fixtureInviteTokens.expired,
      'pending',
      daysBefore(20),
    ),
    seeded(
      fixtureInviteIds.used,
      demoClientCredentials.email,
      fixtureInviteTokens.used,
      'accepted',
      daysBefore(40),
    ),
    seeded(
      fixtureInviteIds.withdrawn,
      'drew.parker@example.com',
      fixtureInviteTokens.withdrawn,
      'revoked',
      daysBefore(3),
    ),
  ];
}

/** The contract's view of a mock invite (without the token and the coach). */
export function inviteView(invite: MockInvite): Invite {
  const { id, email, status, sentAt, expiresAt } = invite;
  return { id, email, status, sentAt, expiresAt };
}
