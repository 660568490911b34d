import type { CoachActionList, MessageList, NoteList, ThreadMessage } from '@coach/api';
import { messagingLimits } from '@coach/domain';
import { useEffect, useRef, useState } from 'react';
import { useCoachApi } from '../../../core/session/index.ts';
import { notePageSize } from '../notes/notesAtoms.ts';
import { type NotePages, useNotePages } from '../notes/useNotePages.ts';
import { type KeysetPages, useKeysetPages } from '../shared/useKeysetPages.ts';
import {
  actionEntry,
  type MergedTimeline,
  mergeTimeline,
  messageEntry,
  noteEntry,
} from './timelineMerge.ts';

/** Entries shown at first, and added by each 'Show more'. */
const timelinePageSize = 50;

/** The first pages the timeline starts from. */
export type TimelineFirsts = { notes: NoteList; thread: MessageList; actions: CoachActionList };

/** What the timeline shows and how it pages. */
export type Timeline = MergedTimeline & {
  notes: NotePages;
  isLoadingMore: boolean;
  hasMoreFailed: boolean;
  showMore: () => void;
};

/** The coach's own messages still there: the timeline's part of the thread. */
const isCoachMessage = (message: ThreadMessage) =>
  message.author === 'coach' && message.deletedAt === null;

/**
 * The profile's timeline: the coach's notes, messages and actions newest first, merged by
 * instant, a page (50) shown at a time. Notes and messages page on with their keyset cursors as
 * far as the entries shown need (the actions are one list, the newest 100).
 */
export function useTimeline(clientId: string, firsts: TimelineFirsts): Timeline {
  const api = useCoachApi();
  const notes = useNotePages(firsts.notes, (before) =>
    api.notes.listNotes(clientId, { limit: notePageSize, before }),
  );
  const messages = useKeysetPages<ThreadMessage, MessageList>(firsts.thread, (before) =>
    api.messaging.listMessages(clientId, { limit: messagingLimits.pageMax, before }),
  );
  const [limit, setLimit] = useState(timelinePageSize);
  const merged = mergeTimeline(
    [
      { entries: notes.items.map(noteEntry), isComplete: !notes.hasMore },
      {
        entries: messages.items.filter(isCoachMessage).map(messageEntry),
        isComplete: !messages.hasMore,
      },
      { entries: firsts.actions.items.map(actionEntry), isComplete: true },
    ],
    limit,
  );
  const paged: KeysetPages<unknown>[] = [notes, messages];
  const needed = merged.needed.flatMap((index) => paged[index] ?? []);
  const isLoadingMore = needed.some((source) => source.isLoadingMore);
  const hasMoreFailed = needed.some((source) => source.hasMoreFailed);

  // The page of a source that the entries shown wait for, loaded as soon as they do (a failed
  // one waits for 'Show more', which tries again).
  const latest = useRef(needed);
  latest.current = needed;
  const waitsFor = merged.needed.join();
  useEffect(() => {
    if (waitsFor === '' || isLoadingMore || hasMoreFailed) return;
    for (const source of latest.current) source.loadMore();
  }, [waitsFor, isLoadingMore, hasMoreFailed]);

  const showMore = () => {
    if (needed.length > 0) {
      for (const source of needed) source.loadMore();
      return;
    }
    setLimit((shown) => shown + timelinePageSize);
  };

  return { ...merged, notes, isLoadingMore, hasMoreFailed, showMore };
}
