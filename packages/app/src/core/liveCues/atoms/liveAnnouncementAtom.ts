import { atom } from '../../../state/jotai.ts';

/** What screen readers are told of a live message: the names of the clients whose figures changed. */
export type LiveAnnouncement = { sequence: number; names: readonly string[] };

/** The last announcement, read by the polite live region of the screen shown (`LiveAnnouncer`). */
export const liveAnnouncementAtom = atom<LiveAnnouncement>({ sequence: 0, names: [] });
liveAnnouncementAtom.debugLabel = 'liveAnnouncementAtom';

/**
 * `set(announceLiveChangeAtom, { sequence, names })`: one announcement per live message, however
 * many figures changed with it: names told for the same message join the same announcement.
 */
export const announceLiveChangeAtom = atom(null, (get, set, update: LiveAnnouncement) => {
  const current = get(liveAnnouncementAtom);
  if (current.sequence !== update.sequence) {
    set(liveAnnouncementAtom, update);
    return;
  }
  const added = update.names.filter((name) => !current.names.includes(name));
  if (added.length > 0)
    set(liveAnnouncementAtom, { ...current, names: [...current.names, ...added] });
});
announceLiveChangeAtom.debugLabel = 'announceLiveChangeAtom';
