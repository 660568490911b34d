import type { CoachSettings } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';
import { readInSession } from '../../session/index.ts';

/** What changes the settings' atom: the server's answer to a save, or 'refresh' to read again. */
export type CoachSettingsUpdate = CoachSettings | 'refresh';

const refreshCountAtom = atom(0);
refreshCountAtom.debugLabel = 'coachSettingsRefreshCountAtom';

const fetchedAtom = atom((get) => {
  get(refreshCountAtom);
  return readInSession(get, (api) => api.account.getCoachSettings());
});
fetchedAtom.debugLabel = 'coachSettingsFetchedAtom';

// A save's answer stands for the read it followed; a newer read replaces it.
const writtenAtom = atom<{ settings: CoachSettings; after: Promise<CoachSettings> } | null>(null);
writtenAtom.debugLabel = 'coachSettingsWrittenAtom';

/**
 * The signed-in coach's timezone and morning mail as the server holds them
 * (`GET /coachSettings`): read on first use, again on 'refresh' and in a new session, and set to
 * the server's answer after a save.
 */
export const coachSettingsAtom = atom(
  (get): CoachSettings | Promise<CoachSettings> => {
    const fetched = get(fetchedAtom);
    const written = get(writtenAtom);
    return written?.after === fetched ? written.settings : fetched;
  },
  (get, set, update: CoachSettingsUpdate) => {
    if (update === 'refresh') {
      set(refreshCountAtom, (count) => count + 1);
      return;
    }
    set(writtenAtom, { settings: update, after: get(fetchedAtom) });
  },
);
coachSettingsAtom.debugLabel = 'coachSettingsAtom';

/** The settings without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const coachSettingsLoadableAtom = loadable<CoachSettings>(coachSettingsAtom);
coachSettingsLoadableAtom.debugLabel = 'coachSettingsLoadableAtom';
