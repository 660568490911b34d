import { Stack } from '@chakra-ui/react';
import { notesLimits } from '@coach/domain';
import { LoadingPlaceholder, TextField } from '@coach/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoachTimeZone } from '../../../core/coachSettings/index.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { threadAtoms } from '../messages/threadAtoms.ts';
import { NoteForm } from '../notes/NoteForm.tsx';
import { notesAtoms } from '../notes/notesAtoms.ts';
import { useNoteSearch } from '../notes/useNoteSearch.ts';
import { EmptyNote } from '../shared/EmptyNote.tsx';
import { SectionCard } from '../shared/SectionCard.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { ShowMore } from '../shared/ShowMore.tsx';
import { useMinuteClock } from '../shared/useMinuteClock.ts';
import { coachActionsAtoms } from './coachActionsAtoms.ts';
import { NoteSearchResults } from './NoteSearchResults.tsx';
import { TimelineEntries } from './TimelineEntries.tsx';
import { createTimelineTime } from './timelineTime.ts';
import { type TimelineFirsts, useTimeline } from './useTimeline.ts';

export type TimelineSectionProps = { clientId: string };

/**
 * The coach's notes and history on the client: a new private note (with an optional follow-up),
 * then the coach's notes, messages and actions (phase changes, reports, the invite) newest first
 * in one list, a page at a time; a search shows the matching notes only.
 */
export function TimelineSection({ clientId }: TimelineSectionProps) {
  const { t } = useTranslation();
  const notes = useAtomValue(notesAtoms(clientId).loadable);
  const thread = useAtomValue(threadAtoms(clientId).loadable);
  const actions = useAtomValue(coachActionsAtoms(clientId).loadable);
  const refreshNotes = useSetAtom(notesAtoms(clientId).data);
  const refreshThread = useSetAtom(threadAtoms(clientId).data);
  const refreshActions = useSetAtom(coachActionsAtoms(clientId).data);
  const parts = [notes, thread, actions];
  const failed = parts.find((part) => part.state === 'hasError');
  const title = t('clientProfile.timeline.title');

  const handleRetry = () => {
    if (notes.state === 'hasError') refreshNotes('refresh');
    if (thread.state === 'hasError') refreshThread('refresh');
    if (actions.state === 'hasError') refreshActions('refresh');
  };

  return (
    <SectionCard title={title} isBusy={parts.some((part) => part.state === 'loading')}>
      {failed?.state === 'hasError' ? (
        <SectionFailed
          message={t('clientProfile.timeline.loadFailed')}
          error={failed.error}
          onRetry={handleRetry}
        />
      ) : notes.state === 'hasData' && thread.state === 'hasData' && actions.state === 'hasData' ? (
        <Timeline
          clientId={clientId}
          firsts={{ notes: notes.data, thread: thread.data, actions: actions.data }}
        />
      ) : (
        <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={3} />
      )}
    </SectionCard>
  );
}

type TimelineProps = { clientId: string; firsts: TimelineFirsts };

function Timeline({ clientId, firsts }: TimelineProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useMinuteClock();
  const timeZone = useCoachTimeZone();
  const timeOf = useMemo(() => createTimelineTime(locale, timeZone, now), [locale, timeZone, now]);
  const timeline = useTimeline(clientId, firsts);
  const [searchText, setSearchText] = useState('');
  const search = useNoteSearch(clientId, searchText);

  return (
    <Stack gap="5" align="stretch">
      <NoteForm clientId={clientId} onWritten={timeline.notes.add} />
      <TextField
        type="search"
        label={t('clientProfile.notes.search')}
        placeholder={t('clientProfile.notes.searchPlaceholder')}
        value={searchText}
        maxLength={notesLimits.searchMaxLength}
        onChange={(event) => setSearchText(event.target.value)}
        autoComplete="off"
      />
      {search.state.state !== 'none' ? (
        <NoteSearchResults
          clientId={clientId}
          search={search.state}
          loadPage={search.loadPage}
          onRetry={search.retry}
          timeOf={timeOf}
          now={now}
          timelineNotes={timeline.notes}
        />
      ) : timeline.entries.length === 0 && !timeline.hasMore ? (
        <EmptyNote>{t('clientProfile.timeline.empty')}</EmptyNote>
      ) : (
        <Stack gap="3" align="stretch">
          <TimelineEntries
            clientId={clientId}
            entries={timeline.entries}
            notes={timeline.notes}
            timeOf={timeOf}
            now={now}
            label={t('clientProfile.timeline.listLabel')}
          />
          <ShowMore
            pages={{ ...timeline, loadMore: timeline.showMore }}
            failedText={t('clientProfile.timeline.moreFailed')}
            label={t('clientProfile.timeline.more')}
          />
        </Stack>
      )}
    </Stack>
  );
}
