import { describe, expect, it } from 'vitest';

import { isFullView, personViewFor } from './personView.ts';

type Person = {
  id: string;
  userId: string;
  type: 'coach' | 'user';
  firstName: string;
  lastName: string;
  aboutMe: string;
  timezone: string;
  gender: 'male' | 'female' | null;
  birthDate: string | null;
  profilePicture: string | null;
  coachId: string | null;
};

const coach: Person = {
  id: 'coach-person',
  userId: 'coach-user',
  type: 'coach',
  firstName: 'Ann',
  lastName: 'Coach',
  aboutMe: 'About Ann',
  timezone: 'Europe/Paris',
  gender: 'female',
  birthDate: '1980-05-01',
  profilePicture: null,
  coachId: null,
};
const client: Person = {
  ...coach,
  id: 'client-person',
  userId: 'client-user',
  type: 'user',
  firstName: 'Bob',
  gender: 'male',
  birthDate: '1990-01-01',
  coachId: coach.id,
};

describe('a profile as its viewer sees it', () => {
  it('shows a client only who their coach is: no timezone, gender or birth date', () => {
    const view = personViewFor(client, coach);
    expect(view).toEqual({
      id: coach.id,
      userId: coach.userId,
      type: 'coach',
      firstName: 'Ann',
      lastName: 'Coach',
      aboutMe: 'About Ann',
      profilePicture: null,
      coachId: null,
    });
    expect(isFullView(view)).toBe(false);
  });

  it('shows one their own profile and a coach their clients completely', () => {
    expect(personViewFor(coach, coach)).toEqual(coach);
    expect(personViewFor(client, client)).toEqual(client);
    expect(personViewFor(coach, client)).toEqual(client);
    expect(isFullView(personViewFor(coach, client))).toBe(true);
  });
});
