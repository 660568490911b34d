import { type Note, toApiError } from '@coach/api';
import { toast } from '@coach/ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { followUpAtoms } from '../followUp/followUpAtoms.ts';
import { type NoteFailure, noteFailureOf } from './noteFailure.ts';

/** How a write or an edit ended: the note as stored, or why not. */
export type NoteOutcome = { note: Note; failure: null } | { note: null; failure: NoteFailure };

/**
 * Writing, editing and deleting the coach's notes on a client, each with its toast. A note's id
 * is made once per text (`crypto.randomUUID()`), so a retry of a failed write is stored once
 * whatever became of the first try. A new note ends the open follow-up (the server's rule): the
 * follow-up is read again.
 */
export function useNoteActions(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const refreshFollowUp = useSetAtom(followUpAtoms(clientId).data);
  const draft = useRef<{ text: string; id: string } | null>(null);

  const write = async (text: string): Promise<NoteOutcome> => {
    const id = draft.current?.text === text ? draft.current.id : crypto.randomUUID();
    draft.current = { text, id };
    try {
      const note = await api.notes.writeNote(clientId, { id, text });
      draft.current = null;
      toast.success(t('clientProfile.notes.saved'));
      refreshFollowUp('refresh');
      return { note, failure: null };
    } catch (error) {
      const failure = noteFailureOf(error, t, t('clientProfile.notes.saveFailed'));
      toast.error(failure.text);
      return { note: null, failure };
    }
  };

  const edit = async (note: Note, text: string): Promise<NoteOutcome> => {
    try {
      const edited = await api.notes.editNote(clientId, note.id, { text });
      toast.success(t('clientProfile.notes.editSaved'));
      return { note: edited, failure: null };
    } catch (error) {
      const failure = noteFailureOf(error, t, t('clientProfile.notes.editFailed'));
      toast.error(failure.text);
      return { note: null, failure };
    }
  };

  /** Answers whether the note is gone (one deleted elsewhere is gone too: 404). */
  const remove = async (note: Note): Promise<boolean> => {
    try {
      await api.notes.deleteNote(clientId, note.id);
    } catch (error) {
      const isGone = toApiError(error).status === 404;
      if (!isGone) {
        toast.error(describeCallFailure(error, t, t('clientProfile.notes.deleteFailed')));
        return false;
      }
    }
    toast.success(t('clientProfile.notes.deleted'));
    return true;
  };

  return { write, edit, remove };
}
