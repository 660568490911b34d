import { chakra, HStack, Stack } from '@chakra-ui/react';
import type { Note } from '@coach/api';
import { notesLimits } from '@coach/domain';
import { Button, Textarea } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { type EditNoteValues, editNoteSchema } from './noteSchema.ts';
import { useNoteActions } from './useNoteActions.ts';

export type EditNoteFormProps = {
  clientId: string;
  note: Note;
  /** How the timeline shows its time: the field's label names it. */
  date: string;
  /** The note as stored after the edit, or found past its edit window (then `isLocked`). */
  onDone: (note: Note, isLocked?: boolean) => void;
  onCancel: () => void;
};

/** A note's text edited in place, within its 24 hours. */
export function EditNoteForm({ clientId, note, date, onDone, onCancel }: EditNoteFormProps) {
  const { t } = useTranslation();
  const { edit } = useNoteActions(clientId);
  const { form, register, fieldError, submitProps } = useSubmitOnlyForm<EditNoteValues>({
    resolver: yupResolver(editNoteSchema),
    defaultValues: { text: note.text },
  });
  // Opened by its Edit button, which is gone: the text takes the focus.
  useEffect(() => form.setFocus('text'), [form]);

  const handleSubmit = form.handleSubmit(async (values) => {
    const outcome = await edit(note, values.text.trim());
    if (outcome.note) onDone(outcome.note);
    else if (outcome.failure.isEditWindowPassed) onDone(note, true);
    else if (outcome.failure.isTextRefused) {
      form.setError('text', { message: 'clientProfile.notes.textRefused' });
    }
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate>
      <Stack gap="2">
        <Textarea
          {...register('text')}
          label={t('clientProfile.notes.editField', { date })}
          maxLength={notesLimits.noteMaxLength}
          overLimitMessage={t('clientProfile.notes.overLimit', { max: notesLimits.noteMaxLength })}
          rows={4}
          error={fieldError('text')}
        />
        <HStack justify="flex-end" gap="2">
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {t('clientProfile.notes.cancel')}
          </Button>
          <Button {...submitProps} size="sm">
            {t('clientProfile.notes.saveEdit')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
