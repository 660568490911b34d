import type { CoachApi } from '@coach/api';
import type { Getter } from '../../../state/jotai.ts';
import { getCoachApi } from './coachApiAtom.ts';
import { sessionEpochAtom } from './sessionEpochAtom.ts';
import { getTokenStore } from './tokenStoreAtom.ts';

/**
 * A read of the session's own data, in an atom: keyed on the session (read again when a new one
 * starts, and what it read is forgotten with it) and sent only with a token. Signed out there is
 * nothing to read: the read waits, unsent, and the next session reads again. A logout clears the
 * session while its screen is still mounted, and its reads would otherwise be sent once more
 * without a token, each a 401 that ends the ended session again.
 */
export function readInSession<T>(get: Getter, read: (api: CoachApi) => Promise<T>): Promise<T> {
  get(sessionEpochAtom);
  // A promise of its own, which nothing settles: it goes with the atom's value at the next
  // session (one shared by every read would keep each reader's callbacks for good).
  if (getTokenStore(get).getAccessToken() === null) return new Promise<T>(() => undefined);
  return read(getCoachApi(get));
}
