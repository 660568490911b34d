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
