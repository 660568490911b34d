import { inviteMessages } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { mockCoachApi } from '../../test/mockCoachApi.ts';
import { rejection } from '../../test/rejection.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { fixtureTokens } from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { fixtureInviteIds, fixtureInviteTokens } from './inviteFixtures.ts';
import { createMockState, type MockState } from './state.ts';

const day = 24 * 60 * 60 * 1000;

/** The real client over the handlers at the stories' clock, as the coach or as nobody. */
function setup(options: HandlersOptions = {}, tokens?: Tokens) {
  const state: MockState = options.state ?? createMockState();
  const clock = { now: mockNow };
  const api = mockCoachApi(createHandlers({ now: () => clock.now, ...options, state }), tokens);
  return { api, state, clock };
}

const asCoach = (options: HandlersOptions = {}) => setup(options, fixtureTokens.coach);

/** The token the mock mailed for an address (what the test mail sink is to the server's tests). */
const tokenOf = (state: MockState, email: string) =>
  state.invites.find((invite) => invite.email === email && invite.status === 'pending')?.token ??
  '';

const acceptBody = (token: string) => ({
  token,
  password: 'Secret123',
  firstName: 'Sam',
  lastName: 'Taylor',
  timezone: 'Europe/Paris',
});

describe('MSW invites', () => {
  it("lists the demo coach's pending invites, newest first, the expired one included", async () => {
    const { api } = asCoach();
    const list = await api.auth.listInvites();
    expect(list.total).toBe(3);
    expect(list.items.map((invite) => invite.id)).toEqual([
      fixtureInviteIds.recent,
      fixtureInviteIds.valid,
      fixtureInviteIds.expired,
    ]);
    const expired = list.items[2];
    expect(Date.parse(expired?.expiresAt ?? '')).toBeLessThan(mockNow.getTime());
    expect(list.items[0]).not.toHaveProperty('token');
  });

  it('lists no pending invites for a new coach (emptyLists)', async () => {
    const { api } = asCoach({ emptyLists: true });
    expect(await api.auth.listInvites()).toEqual({ items: [], total: 0 });
  });

  it('answers the documented fixture tokens as the server would', async () => {
    const { api } = setup();
    await expect(api.auth.checkInvite({ token: fixtureInviteTokens.valid })).resolves.toEqual({
      email: 'sam.taylor@example.com',
      coachName: 'Alex Morgan',
      expiresAt: new Date(mockNow.getTime() + 12 * day).toISOString(),
    });
    const refusals = await Promise.all(
      [
        fixtureInviteTokens.expired,
        fixtureInviteTokens.used,
        fixtureInviteTokens.withdrawn,
        'unknown',
      ].map((token) => rejection(api.auth.checkInvite({ token }))),
    );
    expect(refusals.map(({ status, code, message }) => ({ status, code, message }))).toEqual([
      { status: 400, code: 'invite_expired', message: inviteMessages.expired },
      { status: 409, code: 'invite_used', message: inviteMessages.used },
      { status: 400, code: 'invite_expired', message: inviteMessages.expired },
      { status: 404, code: 'invite_not_found', message: inviteMessages.notFound },
    ]);
  });

  it('accepts a live link once: the client signs in, the coach sees the invite gone', async () => {
    const { api, state } = asCoach();
    const invited = setup({ state }).api;
    await invited.auth.checkInvite({ token: fixtureInviteTokens.valid });
    const tokens = await invited.auth.acceptInvite(acceptBody(fixtureInviteTokens.valid));
    expect(tokens.accessToken).toEqual(expect.any(String));
    await expect(
      invited.auth.login({ email: 'sam.taylor@example.com', password: 'Secret123' }),
    ).resolves.toBeDefined();
    await expect(
      invited.auth.acceptInvite(acceptBody(fixtureInviteTokens.valid)),
    ).rejects.toMatchObject({ status: 409, code: 'invite_used' });
    expect((await api.auth.listInvites()).total).toBe(2);
  });

  it('refuses to accept an expired, withdrawn or unknown link', async () => {
    const { api } = setup();
    for (const [token, status] of [
      [fixtureInviteTokens.expired, 400],
      [fixtureInviteTokens.withdrawn, 400],
      ['unknown', 404],
    ] as const) {
      await expect(api.auth.acceptInvite(acceptBody(token))).rejects.toMatchObject({ status });
    }
  });

  it('resends with a new link and a new period: the old link stops working', async () => {
    const { api, state, clock } = asCoach();
    clock.now = new Date(mockNow.getTime() + day);
    const resent = await api.auth.resendInvite(fixtureInviteIds.expired);
    expect(resent).toMatchObject({
      id: fixtureInviteIds.expired,
      status: 'pending',
      sentAt: clock.now.toISOString(),
      expiresAt: new Date(clock.now.getTime() + 14 * day).toISOString(),
    });
    await expect(
      api.auth.checkInvite({ token: fixtureInviteTokens.expired }),
    ).rejects.toMatchObject({ status: 404 });
    const newToken = tokenOf(state, 'casey.nguyen@example.com');
    await expect(api.auth.checkInvite({ token: newToken })).resolves.toMatchObject({
      email: 'casey.nguyen@example.com',
    });
    expect((await api.auth.listInvites()).items[0]?.id).toBe(fixtureInviteIds.expired);
  });

  it('withdraws a pending invite once: its link then answers as an expired one', async () => {
    const { api } = asCoach();
    await api.auth.withdrawInvite(fixtureInviteIds.valid);
    await expect(api.auth.withdrawInvite(fixtureInviteIds.valid)).rejects.toMatchObject({
      status: 404,
    });
    await expect(api.auth.checkInvite({ token: fixtureInviteTokens.valid })).rejects.toMatchObject({
      status: 400,
      code: 'invite_expired',
    });
    expect((await api.auth.listInvites()).total).toBe(2);
  });

  it('answers 404 for an invite that is not a pending one of the caller', async () => {
    const { api } = asCoach();
    for (const id of [fixtureInviteIds.used, fixtureInviteIds.withdrawn, crypto.randomUUID()]) {
      await expect(api.auth.resendInvite(id)).rejects.toMatchObject({ status: 404 });
      await expect(api.auth.withdrawInvite(id)).rejects.toMatchObject({ status: 404 });
    }
  });

  it('refuses the invite routes to a client with 403', async () => {
    const { api } = setup({}, fixtureTokens.client);
    await expect(api.auth.listInvites()).rejects.toMatchObject({ status: 403 });
    await expect(api.auth.createInvite({ email: 'x@example.com' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(api.auth.resendInvite(fixtureInviteIds.valid)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('creates an invite with its expiry, and resends a pending one instead of a second', async () => {
    const { api, state } = asCoach();
    const invite = await api.auth.createInvite({ email: 'New@Example.com' });
    expect(invite).toMatchObject({
      email: 'new@example.com',
      status: 'pending',
      expiresAt: new Date(mockNow.getTime() + 14 * day).toISOString(),
    });
    const firstToken = tokenOf(state, 'new@example.com');
    const again = await api.auth.createInvite({ email: 'new@example.com' });
    expect(again.id).toBe(invite.id);
    expect(tokenOf(state, 'new@example.com')).not.toBe(firstToken);
    expect((await api.auth.listInvites()).total).toBe(4);
  });

  it('makes each invite call fail on its option, changing nothing', async () => {
    const { api, state } = asCoach({
      inviteFails: true,
      inviteListFails: true,
      inviteResendFails: true,
      inviteWithdrawFails: true,
      inviteCheckFails: true,
      inviteAcceptFails: true,
    });
    const before = structuredClone(state.invites);
    const errors = await Promise.all([
      rejection(api.auth.createInvite({ email: 'new@example.com' })),
      rejection(api.auth.listInvites()),
      rejection(api.auth.resendInvite(fixtureInviteIds.valid)),
      rejection(api.auth.withdrawInvite(fixtureInviteIds.valid)),
      rejection(api.auth.checkInvite({ token: fixtureInviteTokens.valid })),
      rejection(api.auth.acceptInvite(acceptBody(fixtureInviteTokens.valid))),
    ]);
    expect(errors.map((error) => error.status)).toEqual([503, 500, 503, 500, 500, 500]);
    expect(errors[0]?.message).toBe('Error performing client invite operation');
    expect(state.invites).toEqual(before);
  });
});
