import { List, Text } from '@chakra-ui/react';
import type { CoachAction, Note } from '@coach/api';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteNoteModal } from '../notes/DeleteNoteModal.tsx';
import { NoteItem } from '../notes/NoteItem.tsx';
import { useNoteActions } from '../notes/useNoteActions.ts';
import type { NotePages } from '../notes/useNotePages.ts';
import { EntryHeading } from '../shared/EntryHeading.tsx';
import { EntryText } from '../shared/EntryText.tsx';
import type { TimelineEntry } from './timelineMerge.ts';

export type TimelineEntriesProps = {
  clientId: string;
  entries: readonly TimelineEntry[];
  /** The notes the entries' notes come from: an edit or a delete shows there at once. */
  notes: Pick<NotePages, 'replace' | 'remove'>;
  timeOf: (instant: number) => string;
  now: Date;
  label: string;
};

/** One action in words, on the timeline's clock: 'Moved to Grow by you on March 3, 9:00 AM'. */
function describeAction(action: CoachAction, date: string, t: TFunction): string {
  if (action.kind === 'phaseChanged') {
    const phase = action.toPhase ? t(`profileActions.phases.${action.toPhase}`) : '';
    return t('profileActions.actions.phaseChanged', { phase, date });
  }
  return t(`profileActions.actions.${action.kind}`, { date });
}

/** The entries of the timeline (or the notes a search found), newest first, as a list. */
export function TimelineEntries({
  clientId,
  entries,
  notes,
  timeOf,
  now,
  label,
}: TimelineEntriesProps) {
  const { t } = useTranslation();
  const { remove } = useNoteActions(clientId);
  const [toDelete, setToDelete] = useState<Note | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const handleConfirmDelete = async (note: Note) => {
    setIsDeleting(true);
    const isGone = await remove(note);
    setIsDeleting(false);
    if (isGone) {
      notes.remove(note.id);
      setToDelete(null);
    }
  };

  const entry = (item: TimelineEntry) => {
    switch (item.kind) {
      case 'note':
        return (
          <NoteItem
            clientId={clientId}
            note={item.note}
            timeOf={timeOf}
            now={now}
            onChanged={notes.replace}
            onDelete={setToDelete}
          />
        );
      case 'message':
        return (
          <>
            <EntryHeading
              kind={t('clientProfile.timeline.message')}
              date={timeOf(item.time)}
              dateTime={item.message.sentAt}
            />
            <EntryText text={item.message.text} />
          </>
        );
      default:
        return (
          <Text>
            <time dateTime={item.action.at}>
              {describeAction(item.action, timeOf(item.time), t)}
            </time>
          </Text>
        );
    }
  };

  return (
    <>
      <List.Root as="ol" variant="plain" gap="4" aria-label={label}>
        {entries.map((item) => (
          <List.Item
            key={item.key}
            display="block"
            paddingInlineStart="3"
            borderInlineStartWidth="2px"
            borderColor={item.kind === 'note' ? 'brand.solid' : 'border'}
          >
            {entry(item)}
          </List.Item>
        ))}
      </List.Root>
      <DeleteNoteModal
        note={toDelete}
        date={toDelete ? timeOf(Date.parse(toDelete.writtenAt)) : ''}
        isDeleting={isDeleting}
        onConfirm={(note) => void handleConfirmDelete(note)}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
