import type { CoachLanguage } from '@coach/domain';
import type { Person } from '../contract/account.ts';
import { createMockClients, type MockClientRecord } from './fixtures/buildClient.ts';
import { mockClientUsers } from './fixtures/clientTable.ts';
import {
  coachPerson,
  demoCoachCredentials,
  fixtureIds,
  fixtureTokens,
  onePixelPng,
} from './fixtures.ts';
import { createMockInvites, type MockInvite } from './inviteFixtures.ts';

/** A user account of the mock state. */
type MockUser = { id: string; email: string; password: string };

/** A stored picture of the mock state. */
type MockPicture = { bytes: ArrayBuffer; contentType: string; etag: string };

/** The in-memory data behind the MSW handlers; handlers change it as a server would. */
export type MockState = {
  users: MockUser[];
  /** The coach, then the clients (each client's `person` of {@link clients}, the same object). */
  persons: Person[];
  /** The demo coach's clients with their journey, calendar, surveys, exercises and device data. */
  clients: MockClientRecord[];
  /** Every invite with its token: the demo coach's seeded ones, then those the handlers make. */
  invites: MockInvite[];
  pictures: Map<string, MockPicture>;
  /** Access token to user id. */
  accessTokens: Map<string, string>;
  /** Refresh token to user id (rotated on use). */
  refreshTokens: Map<string, string>;
  /** Access tokens of sessions signed out: the server tells them apart from tokens never issued. */
  endedAccessTokens: Set<string>;
  /** The code mailed last for each email with a pending reset. */
  resetCodes: Map<string, string>;
  /**
   * Each reset request answered, by its id: the email it was for and the code mailed for it (none
   * for an unknown email). As on the server, a code sent with its request's id is checked against
   * that request alone.
   */
  resetRequests: Map<string, { email: string; code: string | undefined }>;
  /**
   * Each coach's morning mail, language and whether their timezone was set, by person id (the
   * timezone is the person's); a coach not listed has a timezone and the defaults (mail on at
   * 07:00, en-US).
   */
  coachSettings: Map<string, MockCoachSettings>;
  /** Counter for generated tokens and ids. */
  sequence: number;
};

/** What the mock keeps of a coach's settings beside their profile. */
export type MockCoachSettings = {
  hasTimezone: boolean;
  hasLanguage: boolean;
  isMorningMailOn: boolean;
  morningMailHour: number;
  language: CoachLanguage;
};

const picture = (etag: string): MockPicture => ({
  bytes: onePixelPng.slice().buffer,
  contentType: 'image/png',
  etag,
});

/** A fresh mock state with the fixtures (each call gives an independent copy). */
export function createMockState(): MockState {
  const clients = createMockClients();
  const persons = [{ ...coachPerson }, ...clients.map((client) => client.person)];
  return {
    // Copies: a handler changes a user in place (a password reset), and that must not reach the
    // next state (another story, another test file in the same worker).
    users: [
      { id: fixtureIds.coachUser, ...demoCoachCredentials },
      ...mockClientUsers.map((user) => ({ ...user })),
    ],
    persons,
    clients,
    invites: createMockInvites(),
    pictures: new Map([
      [fixtureIds.coachPerson, picture('"fixture-1"')],
      ...persons
        .filter((person) => person.type === 'user' && person.profilePicture !== null)
        .map((person, index): [string, MockPicture] => [person.id, picture(`"fixture-c${index}"`)]),
    ]),
    accessTokens: new Map([
      [fixtureTokens.coach.accessToken, fixtureIds.coachUser],
      [fixtureTokens.client.accessToken, fixtureIds.clientUser],
    ]),
    refreshTokens: new Map([
      [fixtureTokens.coach.refreshToken, fixtureIds.coachUser],
      [fixtureTokens.client.refreshToken, fixtureIds.clientUser],
    ]),
    endedAccessTokens: new Set(),
    resetCodes: new Map(),
    resetRequests: new Map(),
    coachSettings: new Map(),
    sequence: 0,
  };
}

/** A new id of the state: `{prefix}-0000-4000-8000-{the state's counter}` (a UUID). */
export function nextMockId(state: MockState, prefix: string): string {
  state.sequence += 1;
  return `${prefix}-0000-4000-8000-${state.sequence.toString(16).padStart(12, '0')}`;
}

/** Data a module keeps beside each mock state, made by `make` at its first use. */
export function perState<T>(make: (state: MockState) => T): (state: MockState) => T {
  const byState = new WeakMap<MockState, T>();
  return (state) => {
    const kept = byState.get(state) ?? make(state);
    byState.set(state, kept);
    return kept;
  };
}
