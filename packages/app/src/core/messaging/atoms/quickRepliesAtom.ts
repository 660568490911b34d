import type { QuickReplies } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';
import { readInSession } from '../../session/index.ts';

/** What changes the quick replies' atom: the server's answer to a save, or 'refresh'. */
type QuickRepliesUpdate = QuickReplies | 'refresh';

const refreshCountAtom = atom(0);
refreshCountAtom.debugLabel = 'quickRepliesRefreshCountAtom';

const fetchedAtom = atom((get) => {
  get(refreshCountAtom);
  return readInSession(get, (api) => api.messaging.getQuickReplies());
});
fetchedAtom.debugLabel = 'quickRepliesFetchedAtom';

// A save's answer stands for the read it followed; a newer read replaces it.
const writtenAtom = atom<{ replies: QuickReplies; after: Promise<QuickReplies> } | null>(null);
writtenAtom.debugLabel = 'quickRepliesWrittenAtom';

/**
 * The coach's quick replies in their order (`GET /quickReplies`): read on first use, again on
 * 'refresh' and in a new session, and set to the server's answer after a save (Settings), so the
 * profile's composer offers the saved ones at once.
 */
export const quickRepliesAtom = atom(
  (get): QuickReplies | Promise<QuickReplies> => {
    const fetched = get(fetchedAtom);
    const written = get(writtenAtom);
    return written?.after === fetched ? written.replies : fetched;
  },
  (get, set, update: QuickRepliesUpdate) => {
    if (update === 'refresh') {
      set(refreshCountAtom, (count) => count + 1);
      return;
    }
    set(writtenAtom, { replies: update, after: get(fetchedAtom) });
  },
);
quickRepliesAtom.debugLabel = 'quickRepliesAtom';

/** The quick replies without Suspense: loading, loaded (kept while a refresh loads) or failed. */
export const quickRepliesLoadableAtom = loadable<QuickReplies>(quickRepliesAtom);
quickRepliesLoadableAtom.debugLabel = 'quickRepliesLoadableAtom';
