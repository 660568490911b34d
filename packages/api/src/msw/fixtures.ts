import { profilePicturePath } from '@coach/domain';
import type { Person } from '../contract/account.ts';
import type { Tokens } from '../contract/sessionTokens.ts';

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

/** The sign-in code the mocks accept when they ask for one (`signInCodeRequired`). */
export const demoSignInCode = demoResetCode;

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

/** A 1x1 transparent PNG, the demo coach's picture. */
export const onePixelPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (character) => character.charCodeAt(0),
);
