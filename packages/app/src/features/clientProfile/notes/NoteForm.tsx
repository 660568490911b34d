import { chakra, HStack, Stack } from '@chakra-ui/react';
import type { Note } from '@coach/api';
import { notesLimits } from '@coach/domain';
import { Button, Textarea } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { followUpFieldsOf } from '../followUp/FollowUpFields.tsx';
import { chosenFollowUp, toFollowUpBody } from '../followUp/followUpSchema.ts';
import { OptionalFollowUp } from '../followUp/OptionalFollowUp.tsx';
import { useCoachToday } from '../followUp/useCoachToday.ts';
import { useFollowUpActions } from '../followUp/useFollowUpActions.ts';
import { emptyNote, type NoteValues, noteSchema } from './noteSchema.ts';
import { useNoteActions } from './useNoteActions.ts';

export type NoteFormProps = {
  clientId: string;
  /** A note was stored: the timeline shows it first. */
  onWritten: (note: Note) => void;
};

/**
 * Writing a private note (at most 5,000 characters, the counter under it), with an optional
 * 'Check in again on…': the follow-up is set after the note is stored, since a new note ends the
 * open one.
 */
export function NoteForm({ clientId, onWritten }: NoteFormProps) {
  const { t } = useTranslation();
  const { today, latest } = useCoachToday();
  const notes = useNoteActions(clientId);
  const followUps = useFollowUpActions(clientId);
  const { form, register, fieldError, submitProps } = useSubmitOnlyForm<NoteValues>({
    resolver: yupResolver(noteSchema),
    // The coach's today, for the date rule (the resolver hands the schema the form's context).
    context: { today },
    defaultValues: emptyNote,
  });
  const hasFollowUp = form.watch('hasFollowUp');

  const handleSubmit = form.handleSubmit(async (values) => {
    const { note, failure } = await notes.write(values.text.trim());
    if (failure) {
      if (failure.isTextRefused) {
        form.setError('text', { message: 'clientProfile.notes.textRefused' });
      }
      return;
    }
    onWritten(note);
    form.reset(emptyNote);
    const followUp = chosenFollowUp(values);
    if (followUp) await followUps.setFollowUp(toFollowUpBody(followUp));
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate>
      <Stack gap="3">
        <Textarea
          {...register('text')}
          label={t('clientProfile.notes.field')}
          placeholder={t('clientProfile.notes.placeholder')}
          maxLength={notesLimits.noteMaxLength}
          overLimitMessage={t('clientProfile.notes.overLimit', { max: notesLimits.noteMaxLength })}
          rows={3}
          error={fieldError('text')}
        />
        <OptionalFollowUp
          isOn={hasFollowUp}
          onToggle={(isOn) => {
            form.clearErrors(['dueDate', 'reason']);
            form.setValue('hasFollowUp', isOn);
          }}
          {...followUpFieldsOf(register, fieldError, { today, latest })}
        />
        <HStack justify="flex-end">
          <Button {...submitProps}>{t('clientProfile.notes.save')}</Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
