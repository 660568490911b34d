import { Stack, Text } from '@chakra-ui/react';
import type { Note, NoteList } from '@coach/api';
import { LoadingPlaceholder } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { type NotePages, useNotePages } from '../notes/useNotePages.ts';
import type { NoteSearch } from '../notes/useNoteSearch.ts';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { ShowMore } from '../shared/ShowMore.tsx';
import { TimelineEntries } from './TimelineEntries.tsx';
import { noteEntry } from './timelineMerge.ts';

export type NoteSearchResultsProps = {
  clientId: string;
  search: Exclude<NoteSearch, { state: 'none' }>;
  loadPage: (before: string) => Promise<NoteList>;
  onRetry: () => void;
  timeOf: (instant: number) => string;
  now: Date;
  /** The timeline's notes: an edit or a delete among the matches shows there too. */
  timelineNotes: Pick<NotePages, 'replace' | 'remove'>;
};

/** The notes a search found, newest first and paged, or that none matches. */
export function NoteSearchResults({ search, onRetry, ...props }: NoteSearchResultsProps) {
  const { t } = useTranslation();
  if (search.state === 'loading') {
    return <LoadingPlaceholder label={t('clientProfile.notes.search')} lines={2} />;
  }
  if (search.state === 'hasError') {
    return (
      <SectionFailed
        message={t('clientProfile.notes.searchFailed')}
        error={search.error}
        onRetry={onRetry}
        isRetriedWhenOnline={false}
      />
    );
  }
  return <Matches key={search.search} first={search.first} search={search.search} {...props} />;
}

type MatchesProps = Omit<NoteSearchResultsProps, 'search' | 'onRetry'> & {
  first: NoteList;
  search: string;
};

function Matches({ clientId, first, search, loadPage, timeOf, now, timelineNotes }: MatchesProps) {
  const { t } = useTranslation();
  const notes = useNotePages(first, loadPage);
  const changes = {
    replace: (note: Note) => {
      notes.replace(note);
      timelineNotes.replace(note);
    },
    remove: (noteId: string) => {
      notes.remove(noteId);
      timelineNotes.remove(noteId);
    },
  };
  if (notes.items.length === 0 && !notes.hasMore) {
    return (
      <Text color="fg.muted" role="status">
        {t('clientProfile.notes.noMatch', { search })}
      </Text>
    );
  }
  return (
    <Stack gap="3" align="stretch">
      <TimelineEntries
        clientId={clientId}
        entries={notes.items.map(noteEntry)}
        notes={changes}
        timeOf={timeOf}
        now={now}
        label={t('clientProfile.notes.search')}
      />
      <ShowMore
        pages={notes}
        failedText={t('clientProfile.timeline.moreFailed')}
        label={t('clientProfile.timeline.more')}
      />
    </Stack>
  );
}
