import type { NoteList } from '@coach/api';
import { notesLimits } from '@coach/domain';
import { useEffect, useState } from 'react';
import { useCoachApi } from '../../../core/session/index.ts';
import { notePageSize } from './notesAtoms.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

/** How long typing pauses before the notes are searched. */
const searchDelayMs = 300;

/** Where a search of the notes is: none, asked, answered with its first page, or failed. */
export type NoteSearch =
  | { state: 'none' }
  | { state: 'loading'; search: string }
  | { state: 'hasData'; search: string; first: NoteList }
  | { state: 'hasError'; search: string; error: unknown };

/** An answer to a search, and to which of its attempts. */
type Answer = { search: string; attempt: number } & ({ first: NoteList } | { error: unknown });

/**
 * The client's notes that hold `text` (case and accents aside, by the server), once typing has
 * paused: the first page of matches; a blank search is none. A later search's answer replaces an
 * earlier one's, whichever comes first. `retry` asks again.
 */
export function useNoteSearch(clientId: string, text: string) {
  const api = useCoachApi();
  const wanted = text.trim().slice(0, notesLimits.searchMaxLength);
  const search = useDebouncedValue(wanted, searchDelayMs);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (search === '') return;
    let isCurrent = true;
    setAnswer(null);
    api.notes.listNotes(clientId, { limit: notePageSize, search }).then(
      (first) => isCurrent && setAnswer({ search, attempt, first }),
      (error: unknown) => isCurrent && setAnswer({ search, attempt, error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [api, clientId, search, attempt]);

  const loadPage = (before: string) =>
    api.notes.listNotes(clientId, { limit: notePageSize, before, search });
  const retry = () => setAttempt((count) => count + 1);

  // What is typed, not yet asked or answered, is loading.
  const state: NoteSearch =
    wanted === ''
      ? { state: 'none' }
      : answer === null || answer.search !== wanted || answer.attempt !== attempt
        ? { state: 'loading', search: wanted }
        : 'first' in answer
          ? { state: 'hasData', search: wanted, first: answer.first }
          : { state: 'hasError', search: wanted, error: answer.error };
  return { state, loadPage, retry };
}
