import { accountSecurityLimits, securityEventKinds } from '@coach/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { mswFetch } from '../../test/mswFetch.ts';
import { rejection } from '../../test/rejection.ts';
import { createCoachApi } from '../client/index.ts';
import { SecurityEventsSchema } from '../contract/accountSecurity.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { defaultServiceBaseUrls } from '../services.ts';
import { createMemoryTokenStore } from '../tokens.ts';
import {
  fixtureOtherSessions,
  fixtureSecurityEvents,
  mockSecurityEventId,
} from './fixtures/securityEventFixtures.ts';
import { fixtureTokens } from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { seedSecurityEvents } from './securityEventHandlers.ts';
import { createMockState } from './state.ts';

const clock = new Date('2026-11-16T09:30:00.000Z');

function setup(options: HandlersOptions = {}, tokens: Tokens = fixtureTokens.coach) {
  const state = options.state ?? createMockState();
  const api = createCoachApi({
    baseURLs: defaultServiceBaseUrls('http://localhost:6006'),
    tokens: createMemoryTokenStore(tokens),
    fetch: mswFetch(createHandlers({ ...options, state, now: () => clock })),
  });
  return { api, state };
}

describe('security events in the mocks', () => {
  it("lists the demo coach's fixture events, newest first, with the sessions open elsewhere", async () => {
    const { api } = setup();
    const answer = await api.auth.listSecurityEvents();
    expect(Value.Check(SecurityEventsSchema, answer)).toBe(true);
    expect(answer.events).toEqual(fixtureSecurityEvents);
    expect(answer.otherSessions).toBe(fixtureOtherSessions);
    const times = answer.events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('has every kind among the fixtures, and one sign-in of this session', () => {
    expect(new Set(fixtureSecurityEvents.map((event) => event.kind))).toEqual(
      new Set(securityEventKinds),
    );
    expect(fixtureSecurityEvents.filter((event) => event.isThisSession)).toHaveLength(1);
  });

  it("refuses a client, as the server: 403 'Only coaches have sign-in methods'", async () => {
    const { api } = setup({}, fixtureTokens.client);
    for (const call of [api.auth.listSecurityEvents(), api.auth.endOtherSessions()]) {
      expect(await rejection(call)).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });

  it('lists what a story seeds, at most the limit', async () => {
    const state = createMockState();
    const many = Array.from({ length: 60 }, (_, index) => ({
      kind: 'passkeyAdded' as const,
      at: new Date(clock.getTime() - index * 60_000).toISOString(),
      browser: null,
      proofs: [],
      isThisSession: false,
      id: mockSecurityEventId(100 + index),
    }));
    seedSecurityEvents(state, { events: many, otherSessions: 0 });
    const { api } = setup({ state });
    const answer = await api.auth.listSecurityEvents();
    expect(answer.events).toHaveLength(accountSecurityLimits.securityEventsListed);
    expect(answer.otherSessions).toBe(0);
  });

  it('ends the other sessions: answers how many, then none left and the event listed first', async () => {
    const { api } = setup();
    await expect(api.auth.endOtherSessions()).resolves.toEqual({ ended: fixtureOtherSessions });
    const answer = await api.auth.listSecurityEvents();
    expect(answer.otherSessions).toBe(0);
    expect(answer.events[0]).toMatchObject({
      kind: 'otherSessionsEnded',
      at: clock.toISOString(),
      browser: 'Chrome on macOS',
      proofs: [],
      isThisSession: false,
    });
    expect(Value.Check(SecurityEventsSchema, answer)).toBe(true);
    await expect(api.auth.endOtherSessions()).resolves.toEqual({ ended: 0 });
  });

  it('keeps one state apart from another', async () => {
    const first = setup();
    await first.api.auth.endOtherSessions();
    const second = setup();
    await expect(second.api.auth.listSecurityEvents()).resolves.toMatchObject({
      otherSessions: fixtureOtherSessions,
    });
  });

  it('refuses a caller without a session, as the server', async () => {
    const { api } = setup({}, { accessToken: 'never-issued', refreshToken: 'never-issued' });
    const error = await rejection(api.auth.listSecurityEvents());
    expect(error).toMatchObject({ status: 401 });
  });
});
