import { accountSecurityLimits, signInFactorMessages } from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { EndedSessions, SecurityEvent, SecurityEvents } from '../contract/accountSecurity.ts';
import {
  fixtureOtherSessions,
  fixtureSecurityEvents,
  mockSecurityEventId,
} from './fixtures/securityEventFixtures.ts';
import { fixtureIds } from './fixtures.ts';
import { callerOf, errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

// The account's recent security events and the end of its other sessions (issue 64) over the mock
// state, for stories and app tests. The mocks hold what a story shows: a list of events and a count
// of sessions open elsewhere, by coach (the demo coach starts with the fixtures, another with
// none); as on the server, a client is refused. They do not track sessions: ending the others sets
// the count to 0 and adds the event.

/** The security events and other sessions of one user. */
type MockAccountSecurity = { events: SecurityEvent[]; otherSessions: number };

const byState = new WeakMap<MockState, Map<string, MockAccountSecurity>>();

/** A user's events and other sessions in a mock state (the fixtures for the demo coach). */
function accountSecurityOf(state: MockState, userId: string): MockAccountSecurity {
  let accounts = byState.get(state);
  if (!accounts) {
    accounts = new Map();
    byState.set(state, accounts);
  }
  let account = accounts.get(userId);
  if (!account) {
    const isDemoCoach = userId === fixtureIds.coachUser;
    account = {
      events: isDemoCoach ? [...fixtureSecurityEvents] : [],
      otherSessions: isDemoCoach ? fixtureOtherSessions : 0,
    };
    accounts.set(userId, account);
  }
  return account;
}

/** What {@link seedSecurityEvents} sets; what it leaves out stays as it was. */
export type MockSecurityEventsSeed = {
  /** The events, newest first. */
  events?: readonly SecurityEvent[];
  /** Sessions open elsewhere. */
  otherSessions?: number;
};

/**
 * Sets a user's security events and other sessions in a mock state (the demo coach by default),
 * e.g. `seedSecurityEvents(state, { events: [], otherSessions: 0 })` for a new account.
 */
export function seedSecurityEvents(
  state: MockState,
  seed: MockSecurityEventsSeed,
  userId: string = fixtureIds.coachUser,
): void {
  const account = accountSecurityOf(state, userId);
  if (seed.events) account.events = [...seed.events];
  if (seed.otherSessions !== undefined) account.otherSessions = seed.otherSessions;
}

/** MSW handlers of `listSecurityEvents` and `endOtherSessions` (the auth service). */
export function createSecurityEventHandlers(options: MockHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const isCoach = (userId: string | undefined) => callerOf(state, userId)?.type === 'coach';
  const notCoach = () => error(403, 'forbidden', signInFactorMessages.onlyCoaches);
  return [
    handle('listSecurityEvents', ({ userId }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      const account = accountSecurityOf(state, userId);
      return HttpResponse.json({
        events: account.events.slice(0, accountSecurityLimits.securityEventsListed),
        otherSessions: account.otherSessions,
      } satisfies SecurityEvents);
    }),
    handle('endOtherSessions', ({ userId }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      const account = accountSecurityOf(state, userId);
      const ended = account.otherSessions;
      account.otherSessions = 0;
      state.sequence += 1;
      // Ended from this session: its browser is its sign-in's, when the mocks know it.
      const browser = account.events.find((event) => event.isThisSession)?.browser ?? null;
      account.events.unshift({
        id: mockSecurityEventId(1000 + state.sequence),
        kind: 'otherSessionsEnded',
        at: now().toISOString(),
        browser,
        proofs: [],
        isThisSession: false,
      });
      return HttpResponse.json({ ended } satisfies EndedSessions);
    }),
  ];
}
