import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { describeWait } from '../../../errors/tooManyAttempts.ts';
import { type WriteRefusal, writeRefusalOf } from '../shared/writeRefusal.ts';

/** Why writing or editing a note failed: the text to show, and what the form does about it. */
export type NoteFailure = {
  text: ReactNode;
  /** The server did not take the text (a 400 naming it): the field shows why. */
  isTextRefused: boolean;
  /** The note is past its 24 hours: it can no longer be edited. */
  isEditWindowPassed: boolean;
};

/**
 * A failed write or edit of a note in words: past the day's notes, when to try again; past the
 * edit window, so; otherwise the caller's text (with the server's unreachability when it was
 * that), and for a refused text the field says why.
 */
export function noteFailureOf(error: unknown, t: TFunction, otherwise: string): NoteFailure {
  const refusal: WriteRefusal<'text'> = writeRefusalOf(error, ['text']);
  const failure = { isTextRefused: false, isEditWindowPassed: false };
  switch (refusal.kind) {
    case 'quota':
      return {
        ...failure,
        text:
          refusal.retryAfterSeconds === undefined
            ? t('clientProfile.notes.quotaReachedLater')
            : t('clientProfile.notes.quotaReached', {
                wait: describeWait(refusal.retryAfterSeconds, t),
              }),
      };
    case 'field':
      // The field says why.
      return { ...failure, text: otherwise, isTextRefused: true };
    case 'editWindowPassed':
      return {
        ...failure,
        text: t('clientProfile.notes.editWindowPassed'),
        isEditWindowPassed: true,
      };
    default:
      return { ...failure, text: describeCallFailure(error, t, otherwise) };
  }
}
