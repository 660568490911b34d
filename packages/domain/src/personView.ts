import { type PersonType, privatePersonFields } from './values/accountValues.ts';

/** Who is looking at a profile. */
export type PersonViewer = { id: string; type: PersonType };

/** The fields of a profile the view depends on: who it is and what only some may see. */
type ViewedPerson = { id: string } & Record<(typeof privatePersonFields)[number], unknown>;

/** A profile without the fields only its owner and coaches see (a client's view of their coach). */
export type PublicView<P extends ViewedPerson> = Omit<P, (typeof privatePersonFields)[number]>;

/**
 * A profile as `viewer` may see it (who may see it at all is the caller's check): one's own and,
 * for a coach, their clients' complete; a client's view of their coach only who they are (names,
 * about me, picture), without the coach's timezone, gender or birth date.
 */
export function personViewFor<P extends ViewedPerson>(
  viewer: PersonViewer,
  person: P,
): P | PublicView<P> {
  if (viewer.id === person.id || viewer.type === 'coach') return person;
  const { timezone: _timezone, gender: _gender, birthDate: _birthDate, ...shown } = person;
  return shown;
}

/** Whether a profile view carries every private field (not a client's view of their coach). */
export function isFullView<P extends ViewedPerson>(view: P | PublicView<P>): view is P {
  return privatePersonFields.every((field) => field in view);
}

/** A person as the visibility rule reads them: who, which kind, and their coach's id (if any). */
export type VisibilityParty = { id: string; type: PersonType; coachId: string | null };

/**
 * Whether `caller` may see `target`: everyone sees themselves, a coach sees their own clients and
 * a client sees their own coach. Nobody sees another coach or another coach's client.
 */
export function canSeePerson(caller: VisibilityParty, target: VisibilityParty): boolean {
  if (caller.id === target.id) return true;
  if (caller.type === 'coach') return target.coachId === caller.id;
  return caller.coachId !== null && caller.coachId === target.id;
}
