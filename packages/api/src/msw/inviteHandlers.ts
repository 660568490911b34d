import {
  canonicalTimeZone,
  fullName,
  inviteAccountExistsMessage,
  inviteExpiry,
  inviteMessages,
  inviteRefusal,
  inviteTimeZoneMessage,
  limits,
  messages,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { Person } from '../contract/account.ts';
import type { AcceptInviteBody, CreateInviteBody, InviteTokenBody } from '../contract/auth.ts';
import { acceptedClientRecord } from './fixtures/buildClient.ts';
import { inviteView, type MockInvite } from './inviteFixtures.ts';
import { issueMockTokens, nextMockToken } from './mockTokens.ts';
import { callerOf, errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

/** Options of {@link createInviteHandlers}: each makes one invite call fail, for failure stories. */
export type InviteHandlerOptions = MockHandlerOptions & {
  /** Inviting a client fails as the server's failed mail: 503 'Error performing client invite operation'. */
  inviteFails?: boolean;
  /** The pending-invites list fails with 500. */
  inviteListFails?: boolean;
  /** Resending an invite fails as the server's failed mail (503); the old link keeps working. */
  inviteResendFails?: boolean;
  /** Withdrawing an invite fails with 500; the invite stays pending. */
  inviteWithdrawFails?: boolean;
  /** Checking an invite link fails with 500. */
  inviteCheckFails?: boolean;
  /** Accepting an invite fails with 500; nothing is created. */
  inviteAcceptFails?: boolean;
};

const mailFailed = () => error(503, 'mail_failed', inviteMessages.mailFailed);
const internalError = () => error(500, 'internal_error', messages.internalError);
const onlyCoaches = () => error(403, 'forbidden', inviteMessages.onlyCoaches);
const notInvitable = () => error(409, 'already_registered', inviteMessages.notInvitable);
const inviteIdNotFound = () => error(404, 'not_found', inviteMessages.inviteIdNotFound);

/**
 * MSW handlers of the invite routes over the mock state, following the server's rules: a coach
 * invites, lists, resends and withdraws their own pending invites; anyone with a link checks and
 * accepts it (a resend replaces the link's token, so the old one stops working).
 */
export function createInviteHandlers(options: InviteHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const coachOf = (userId: string | undefined) => {
    const caller = callerOf(state, userId);
    return caller?.type === 'coach' ? caller : undefined;
  };
  const hasAccount = (email: string) =>
    state.users.some((user) => user.email.toLowerCase() === email);
  /** Sends (again): a new token, a new period, sent now. */
  const send = (invite: MockInvite) => {
    const sentAt = now();
    invite.token = nextMockToken(state, 'invite');
    invite.sentAt = sentAt.toISOString();
    invite.expiresAt = inviteExpiry(sentAt).toISOString();
    return invite;
  };
  const ownPending = (coach: Person, id: string | undefined) =>
    state.invites.find(
      (invite) =>
        invite.id === id?.toLowerCase() &&
        invite.coachPersonId === coach.id &&
        invite.status === 'pending',
    );
  /** The live invite of a link's token, or the answer refusing it. */
  const liveInvite = (token: string): MockInvite | Response => {
    const invite = state.invites.find((candidate) => candidate.token === token);
    const refusal = inviteRefusal(
      invite && { status: invite.status, expiresAt: new Date(invite.expiresAt) },
      now(),
    );
    if (refusal || !invite) {
      return refusal
        ? error(refusal.status, refusal.code, refusal.message)
        : error(404, 'invite_not_found', inviteMessages.notFound);
    }
    return invite;
  };

  return [
    handle('createInvite', ({ body, userId }) => {
      const coach = coachOf(userId);
      if (!coach) return onlyCoaches();
      if (options.inviteFails) return mailFailed();
      const email = (body as CreateInviteBody).email.trim().toLowerCase();
      if (hasAccount(email)) return notInvitable();
      const pending = state.invites.find(
        (invite) => invite.email === email && invite.status === 'pending',
      );
      // The mocks have one coach: a pending invite to the address is sent again.
      if (pending) return HttpResponse.json(inviteView(send(pending)), { status: 201 });
      state.sequence += 1;
      const invite: MockInvite = send({
        id: `00000000-0000-4000-9000-${String(state.sequence).padStart(12, '0')}`,
        email,
        status: 'pending',
        sentAt: '',
        expiresAt: '',
        token: '',
        coachPersonId: coach.id,
      });
      state.invites.push(invite);
      return HttpResponse.json(inviteView(invite), { status: 201 });
    }),
    handle('listInvites', ({ userId }) => {
      const coach = coachOf(userId);
      if (!coach) return onlyCoaches();
      if (options.inviteListFails) return internalError();
      const pending = (options.emptyLists ? [] : state.invites)
        .filter((invite) => invite.coachPersonId === coach.id && invite.status === 'pending')
        .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
      return HttpResponse.json({
        items: pending.slice(0, limits.invitesListMax).map(inviteView),
        total: pending.length,
      });
    }),
    handle('resendInvite', ({ params, userId }) => {
      const coach = coachOf(userId);
      if (!coach) return onlyCoaches();
      const invite = ownPending(coach, params.id);
      if (!invite) return inviteIdNotFound();
      if (hasAccount(invite.email)) return notInvitable();
      if (options.inviteResendFails) return mailFailed();
      return HttpResponse.json(inviteView(send(invite)));
    }),
    handle('withdrawInvite', ({ params, userId }) => {
      const coach = coachOf(userId);
      if (!coach) return onlyCoaches();
      if (options.inviteWithdrawFails) return internalError();
      const invite = ownPending(coach, params.id);
      if (!invite) return inviteIdNotFound();
      invite.status = 'revoked';
      return new HttpResponse(null, { status: 204 });
    }),
    handle('checkInvite', ({ body }) => {
      if (options.inviteCheckFails) return internalError();
      const invite = liveInvite((body as InviteTokenBody).token);
      if (invite instanceof Response) return invite;
      const coach = state.persons.find((person) => person.id === invite.coachPersonId);
      return HttpResponse.json({
        email: invite.email,
        coachName: coach ? fullName(coach) : '',
        expiresAt: invite.expiresAt,
      });
    }),
    handle('acceptInvite', ({ body }) => {
      if (options.inviteAcceptFails) return internalError();
      const input = body as AcceptInviteBody;
      // The timezone first, as the server checks it before the link.
      const timezone = input.timezone === undefined ? 'UTC' : canonicalTimeZone(input.timezone);
      if (!timezone) {
        return error(400, 'invalid_timezone', inviteTimeZoneMessage(input.timezone ?? ''));
      }
      const invite = liveInvite(input.token);
      if (invite instanceof Response) return invite;
      if (hasAccount(invite.email)) {
        return error(409, 'already_registered', inviteAccountExistsMessage(invite.email));
      }
      return HttpResponse.json(acceptInto(state, invite, { ...input, timezone }, now()));
    }),
  ];
}

/**
 * Makes the invited client's account, profile and records (on learn from now), uses the invite
 * up, and signs them in.
 */
function acceptInto(
  state: MockState,
  invite: MockInvite,
  input: AcceptInviteBody & { timezone: string },
  acceptedAt: Date,
) {
  state.sequence += 1;
  const suffix = String(state.sequence).padStart(12, '0');
  const userId = `00000000-0000-4000-9200-${suffix}`;
  state.users.push({ id: userId, email: invite.email, password: input.password });
  const person: Person = {
    id: `00000000-0000-4000-9300-${suffix}`,
    userId,
    type: 'user',
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    aboutMe: '',
    profilePicture: null,
    timezone: input.timezone,
    gender: null,
    birthDate: null,
    coachId: invite.coachPersonId,
  };
  state.persons.push(person);
  state.clients.push(acceptedClientRecord(person, invite.email, acceptedAt));
  invite.status = 'accepted';
  return issueMockTokens(state, userId);
}
