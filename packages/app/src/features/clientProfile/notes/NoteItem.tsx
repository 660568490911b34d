import { HStack, Stack } from '@chakra-ui/react';
import type { Note } from '@coach/api';
import { Button } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { EntryHeading } from '../shared/EntryHeading.tsx';
import { EntryText } from '../shared/EntryText.tsx';
import { EditNoteForm } from './EditNoteForm.tsx';

export type NoteItemProps = {
  clientId: string;
  note: Note;
  /** How the timeline dates an instant. */
  timeOf: (instant: number) => string;
  /** Now, to tell whether the note may still be edited. */
  now: Date;
  onChanged: (note: Note) => void;
  onDelete: (note: Note) => void;
};

/**
 * A note of the timeline: when it was written (and last edited), its text, Edit while within its
 * 24 hours (edited in place) and Delete.
 */
export function NoteItem({ clientId, note, timeOf, now, onChanged, onDelete }: NoteItemProps) {
  const { t } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const date = timeOf(Date.parse(note.writtenAt));
  const isEditable = now.getTime() < Date.parse(note.editableUntil);

  const handleDone = (changed: Note, isLocked = false) => {
    setIsEditing(false);
    // Found past its window: shown without Edit from now on.
    onChanged(isLocked ? { ...changed, editableUntil: now.toISOString() } : changed);
  };

  return (
    <Stack gap="1">
      <HStack justify="space-between" align="center" gap="3" wrap="wrap">
        <EntryHeading
          kind={t('clientProfile.timeline.note')}
          date={date}
          dateTime={note.writtenAt}
          extra={
            note.editedAt
              ? t('clientProfile.timeline.edited', { date: timeOf(Date.parse(note.editedAt)) })
              : undefined
          }
        />
        {isEditing ? null : (
          <HStack gap="1">
            {isEditable ? (
              <Button
                variant="ghost"
                size="2xs"
                icon={<LuPencil aria-hidden />}
                aria-label={t('clientProfile.notes.editLabel', { date })}
                onClick={() => setIsEditing(true)}
              >
                {t('clientProfile.notes.edit')}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="2xs"
              icon={<LuTrash2 aria-hidden />}
              aria-label={t('clientProfile.notes.deleteLabel', { date })}
              onClick={() => onDelete(note)}
            >
              {t('clientProfile.notes.delete')}
            </Button>
          </HStack>
        )}
      </HStack>
      {isEditing ? (
        <EditNoteForm
          clientId={clientId}
          note={note}
          date={date}
          onDone={handleDone}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <EntryText text={note.text} />
      )}
    </Stack>
  );
}
