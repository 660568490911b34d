import type { Note, NoteList } from '@coach/api';
import { useMemo, useState } from 'react';
import { type KeysetPages, useKeysetPages } from '../shared/useKeysetPages.ts';

/** The notes loaded so far with this screen's own changes, until the first page is read again. */
export type NotePages = KeysetPages<Note> & {
  /** A note written here: shown first. */
  add: (note: Note) => void;
  /** A note edited here (or found past its edit window): shown as it is now. */
  replace: (note: Note) => void;
  /** A note deleted here: no longer shown. */
  remove: (noteId: string) => void;
};

type Changes = {
  first: NoteList;
  /** Written here, newest first. */
  written: Note[];
  /** By id: the note as it is now, or null when deleted. */
  changed: ReadonlyMap<string, Note | null>;
};

const noChanges = (first: NoteList): Changes => ({ first, written: [], changed: new Map() });

/**
 * A client's notes page by page after `first` (see `useKeysetPages`), with the notes written,
 * edited and deleted here shown at once; a new first page (a refresh) has them, and forgets them.
 */
export function useNotePages(
  first: NoteList,
  loadPage: (before: string) => Promise<NoteList>,
): NotePages {
  const pages = useKeysetPages<Note, NoteList>(first, loadPage);
  const [changes, setChanges] = useState(() => noChanges(first));
  // Adjusting state while rendering, as the pages do.
  const current = changes.first === first ? changes : noChanges(first);
  if (current !== changes) setChanges(current);

  const items = useMemo(() => {
    const loaded = new Set(pages.items.map((note) => note.id));
    const all = [...current.written.filter((note) => !loaded.has(note.id)), ...pages.items];
    if (current.changed.size === 0) return all;
    return all.flatMap((note) => {
      const now = current.changed.get(note.id);
      return now === undefined ? [note] : now === null ? [] : [now];
    });
  }, [pages.items, current]);

  const change = (noteId: string, note: Note | null) =>
    setChanges((now) => ({ ...now, changed: new Map(now.changed).set(noteId, note) }));
  return {
    ...pages,
    items,
    add: (note) => setChanges((now) => ({ ...now, written: [note, ...now.written] })),
    replace: (note) => change(note.id, note),
    remove: (noteId) => change(noteId, null),
  };
}
