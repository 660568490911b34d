import type { Person, PersonView } from '../contract/account.ts';

/** Who is looking at a profile. */
export type PersonViewer = { id: string; type: Person['type'] };

/**
 * A profile as `viewer` may see it (who may see it at all is the caller's check): one's own and,
 * for a coach, their clients' complete; a client's view of their coach only who they are (names,
 * about me, picture), without the coach's timezone, gender or birth date.
 */
export function personViewFor(viewer: PersonViewer, person: Person): PersonView {
  if (viewer.id === person.id || viewer.type === 'coach') return person;
  const { timezone: _timezone, gender: _gender, birthDate: _birthDate, ...shown } = person;
  return shown;
}
