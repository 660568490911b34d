import type { Person } from '../contract/account.ts';
import { profilePicturePath } from '../contract/account.ts';
import type { Invite } from '../contract/auth.ts';
import type { Tokens } from '../contract/common.ts';

/** Fixed ids of the fixtures, so stories and tests can point at them. */
export const fixtureIds = {
  coachUser: '00000000-0000-4000-8000-000000000001',
  coachPerson: '00000000-0000-4000-8000-000000000101',
  clientUser: '00000000-0000-4000-8000-000000000002',
  clientPerson: '00000000-0000-4000-8000-000000000102',
  secondClientUser: '00000000-0000-4000-8000-000000000003',
  secondClientPerson: '00000000-0000-4000-8000-000000000103',
} as const;

/** The demo coach's credentials (decisions: demo mode). */
export const demoCoachCredentials = { email: 'coach@example.com', password: 'Coach123!' } as const;

/** The demo client's credentials: a profile of type 'user', refused by the coach app. */
export const demoClientCredentials = {
  email: 'client@example.com',
  password: 'Client123!',
} as const;

/** The reset code the mocks accept. */
export const demoResetCode = '123456';

/** The token pairs the mocks know from the start: a story can sign in by storing one. */
export const fixtureTokens = {
  coach: { accessToken: 'mock-access-coach', refreshToken: 'mock-refresh-coach' },
  client: { accessToken: 'mock-access-client', refreshToken: 'mock-refresh-client' },
} as const satisfies Record<string, Tokens>;

/** The demo coach's profile. */
export const coachPerson: Person = {
  id: fixtureIds.coachPerson,
  userId: fixtureIds.coachUser,
  type: 'coach',
  firstName: 'Alex',
  lastName: 'Morgan',
  aboutMe: 'Certified wellbeing coach. I help people sleep, focus and breathe better.',
  profilePicture: profilePicturePath(fixtureIds.coachPerson),
  timezone: 'Europe/London',
  gender: 'female',
  birthDate: '1985-04-12',
  coachId: null,
};

/** The demo client's profile (type 'user'), a client of the demo coach. */
export const clientPerson: Person = {
  id: fixtureIds.clientPerson,
  userId: fixtureIds.clientUser,
  type: 'user',
  firstName: 'Jamie',
  lastName: 'Lee',
  aboutMe: '',
  profilePicture: null,
  timezone: 'America/New_York',
  gender: 'male',
  birthDate: '1992-09-30',
  coachId: fixtureIds.coachPerson,
};

/** A second client of the demo coach, with a long name for layout stories. */
export const secondClientPerson: Person = {
  id: fixtureIds.secondClientPerson,
  userId: fixtureIds.secondClientUser,
  type: 'user',
  firstName: 'Maria-Fernanda',
  lastName: 'Oliveira dos Santos',
  aboutMe: '',
  profilePicture: null,
  timezone: 'Europe/London',
  gender: null,
  birthDate: null,
  coachId: fixtureIds.coachPerson,
};

/** A user account of the mock state. */
export type MockUser = { id: string; email: string; password: string };

/** A stored picture of the mock state. */
export type MockPicture = { bytes: ArrayBuffer; contentType: string; etag: string };

/** The in-memory data behind the MSW handlers; handlers change it as a server would. */
export type MockState = {
  users: MockUser[];
  persons: Person[];
  invites: Invite[];
  pictures: Map<string, MockPicture>;
  /** Access token to user id. */
  accessTokens: Map<string, string>;
  /** Refresh token to user id (rotated on use). */
  refreshTokens: Map<string, string>;
  /** The code mailed for each email with a pending reset. */
  resetCodes: Map<string, string>;
  /** Counter for generated tokens and ids. */
  sequence: number;
};

/** A 1x1 transparent PNG, the demo coach's picture. */
export const onePixelPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (character) => character.charCodeAt(0),
);

/** A fresh mock state with the fixtures (each call gives an independent copy). */
export function createMockState(): MockState {
  return {
    users: [
      { id: fixtureIds.coachUser, ...demoCoachCredentials },
      { id: fixtureIds.clientUser, ...demoClientCredentials },
      { id: fixtureIds.secondClientUser, email: 'maria@example.com', password: 'Maria123!' },
    ],
    persons: [coachPerson, clientPerson, secondClientPerson].map((person) => ({ ...person })),
    invites: [],
    pictures: new Map([
      [
        fixtureIds.coachPerson,
        { bytes: onePixelPng.slice().buffer, contentType: 'image/png', etag: '"fixture-1"' },
      ],
    ]),
    accessTokens: new Map([
      [fixtureTokens.coach.accessToken, fixtureIds.coachUser],
      [fixtureTokens.client.accessToken, fixtureIds.clientUser],
    ]),
    refreshTokens: new Map([
      [fixtureTokens.coach.refreshToken, fixtureIds.coachUser],
      [fixtureTokens.client.refreshToken, fixtureIds.clientUser],
    ]),
    resetCodes: new Map(),
    sequence: 0,
  };
}
