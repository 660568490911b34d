import { notesLimits } from '@coach/domain';
import { type InferType, object, string } from 'yup';
import { maxTextLength, validationMessage as message } from '../../../core/fieldRules/index.ts';
import { optionalFollowUpFields } from '../followUp/followUpSchema.ts';

/** A note's text: not blank, at most 5,000 characters as the server counts them. */
const noteText = () =>
  string()
    .default('')
    .test('required', message('clientProfile.notes.validation.required'), (value) =>
      Boolean(value?.trim()),
    )
    .test(
      maxTextLength(notesLimits.noteMaxLength, message('clientProfile.notes.validation.tooLong')),
    );

/** Editing a note: its text. */
export const editNoteSchema = object({ text: noteText() });

/** The edit form's values. */
export type EditNoteValues = InferType<typeof editNoteSchema>;

/**
 * Writing a note, and when 'Check in again on…' is ticked, a follow-up's day and reason (checked
 * as the follow-up form checks them, against the coach's today in the schema's context).
 */
export const noteSchema = object({ text: noteText(), ...optionalFollowUpFields });

/** The note form's values. */
export type NoteValues = InferType<typeof noteSchema>;

/** An empty note form. */
export const emptyNote: NoteValues = { text: '', hasFollowUp: false, dueDate: '', reason: '' };
