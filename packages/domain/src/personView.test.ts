import { describe, expect, it } from 'vitest';

import { canSeePerson, isFullView, personViewFor } from './personView.ts';

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

describe('who may see a profile', () => {
  const coach = { id: 'coach', type: 'coach' as const, coachId: null };
  const otherCoach = { id: 'other-coach', type: 'coach' as const, coachId: null };
  const client = { id: 'client', type: 'user' as const, coachId: 'coach' };
  const otherClient = { id: 'other-client', type: 'user' as const, coachId: 'other-coach' };

  it('lets everyone see themselves, a coach their clients and a client their coach', () => {
    expect(canSeePerson(client, client)).toBe(true);
    expect(canSeePerson(coach, client)).toBe(true);
    expect(canSeePerson(client, coach)).toBe(true);
  });

  it("hides another coach and another coach's client", () => {
    expect(canSeePerson(coach, otherCoach)).toBe(false);
    expect(canSeePerson(coach, otherClient)).toBe(false);
    expect(canSeePerson(client, otherClient)).toBe(false);
    expect(canSeePerson(client, otherCoach)).toBe(false);
  });
});
