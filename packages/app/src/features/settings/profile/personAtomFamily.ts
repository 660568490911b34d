import { isFullPerson, type Person, type PersonView } from '@coach/api';
import { currentProfileAtom, readInSession } from '../../../core/session/index.ts';
import { atomFamily } from '../../../state/atomFamily.ts';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';

/** What changes a person's atom: the server's answer to a write, or 'refresh' to read again. */
export type PersonUpdate = Person | 'refresh';

/**
 * A profile as the server holds it, by person id (`GET /persons/{id}`): read on first use, read
 * again on 'refresh' (a retry) and in a new session, and set to the server's answer after a write,
 * so every reader shows what was saved without a copy of its own. The session's profile follows
 * a write of the signed-in coach's own profile.
 */
export const personAtomFamily = atomFamily((personId: string) => {
  const refreshCountAtom = atom(0);
  refreshCountAtom.debugLabel = `personRefreshCountAtom(${personId})`;

  const fetchedAtom = atom((get) => {
    get(refreshCountAtom);
    return readInSession(get, (api) => api.account.getPerson(personId).then(completeProfile));
  });
  fetchedAtom.debugLabel = `personFetchedAtom(${personId})`;

  // A write's answer stands for the read it followed; a newer read replaces it.
  const writtenAtom = atom<{ person: Person; after: Promise<Person> } | null>(null);
  writtenAtom.debugLabel = `personWrittenAtom(${personId})`;

  const personAtom = atom(
    (get): Person | Promise<Person> => {
      const fetched = get(fetchedAtom);
      const written = get(writtenAtom);
      return written?.after === fetched ? written.person : fetched;
    },
    (get, set, update: PersonUpdate) => {
      if (update === 'refresh') {
        set(refreshCountAtom, (count) => count + 1);
        return;
      }
      set(writtenAtom, { person: update, after: get(fetchedAtom) });
      if (get(currentProfileAtom)?.id === update.id) set(currentProfileAtom, update);
    },
  );
  personAtom.debugLabel = `personAtom(${personId})`;
  return personAtom;
});

/** The profile a coach edits is their own, always complete: anything else is an error. */
function completeProfile(person: PersonView): Person {
  if (!isFullPerson(person)) throw new Error(`Profile ${person.id} is not complete`);
  return person;
}

/** A person's profile without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const personLoadableAtomFamily = atomFamily((personId: string) => {
  const loadableAtom = loadable<Person>(personAtomFamily(personId));
  loadableAtom.debugLabel = `personLoadableAtom(${personId})`;
  return loadableAtom;
});
