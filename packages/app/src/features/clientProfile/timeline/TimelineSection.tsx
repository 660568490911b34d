import { Box, Stack } from '@chakra-ui/react';
import type { CoachActionList } from '@coach/api';
import { notesLimits } from '@coach/domain';
import { Button, LoadingPlaceholder, TextField } from '@coach/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoachTimeZone } from '../../../core/coachSettings/index.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { atom, useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import type { Loadable } from '../../../state/loadable.ts';
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

export type TimelineSectionProps = {
  clientId: string;
  /** Counts the asks to write a note (a key, a link to #notes): each focuses the note's field. */
  focusRequest?: number;
};

/** The actions before the coach asks for them: none, loaded (the profile opens on 3 calls). */
const noActions = atom<Loadable<CoachActionList>>({ state: 'hasData', data: { items: [] } });

/**
 * The coach's notes and history on the client: a new private note (with an optional follow-up),
 * then the coach's notes and messages newest first in one list, a page at a time, their actions
 * (phase changes, reports, the invite) merged in once asked for (their own call); a search shows
 * the matching notes only.
 */
/** A button's label that wraps in a narrow column, the button as high as its lines. */
const wrappingLabel = {
  maxWidth: '100%',
  height: 'auto',
  minHeight: 'var(--chakra-sizes-9)',
  paddingBlock: 'var(--chakra-spacing-1)',
  whiteSpace: 'normal',
  textAlign: 'start',
} as const;

export function TimelineSection({ clientId, focusRequest = 0 }: TimelineSectionProps) {
  const { t } = useTranslation();
  const [withActions, setWithActions] = useState(false);
  const notes = useAtomValue(notesAtoms(clientId).loadable);
  const thread = useAtomValue(threadAtoms(clientId).loadable);
  const actions = useAtomValue(withActions ? coachActionsAtoms(clientId).loadable : noActions);
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
          focusRequest={focusRequest}
          onShowActions={withActions ? null : () => setWithActions(true)}
        />
      ) : (
        <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={3} />
      )}
    </SectionCard>
  );
}

type TimelineProps = {
  clientId: string;
  firsts: TimelineFirsts;
  focusRequest: number;
  /** Merges the coach's actions in; null once they are. */
  onShowActions: (() => void) | null;
};

function Timeline({ clientId, firsts, focusRequest, onShowActions }: TimelineProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useMinuteClock();
  const timeZone = useCoachTimeZone();
  const timeOf = useMemo(() => createTimelineTime(locale, timeZone, now), [locale, timeZone, now]);
  const timeline = useTimeline(clientId, firsts);
  const [searchText, setSearchText] = useState('');
  const search = useNoteSearch(clientId, searchText);
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector('textarea')?.focus();
  }, [focusRequest]);

  return (
    <Stack gap="5" align="stretch">
      <Box ref={form} id="notes">
        <NoteForm clientId={clientId} onWritten={timeline.notes.add} />
      </Box>
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
      {onShowActions && search.state.state === 'none' ? (
        // Its label is a long sentence (longer in Spanish) and the panel narrow: it wraps within
        // the panel, where the button's one line ran past the panel's edge.
        <Button
          variant="ghost"
          size="sm"
          alignSelf="flex-start"
          style={wrappingLabel}
          onClick={onShowActions}
        >
          {t('clientProfile.timeline.showActions')}
        </Button>
      ) : null}
    </Stack>
  );
}
