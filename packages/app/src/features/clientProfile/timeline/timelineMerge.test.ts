import type { CoachAction, Note, ThreadMessage } from '@coach/api';
import { describe, expect, it } from 'vitest';
import {
  actionEntry,
  mergeTimeline,
  messageEntry,
  noteEntry,
  type TimelineEntry,
  type TimelineSource,
} from './timelineMerge.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 16, 0, minute)).toISOString();

const note = (id: string, minute: number): TimelineEntry =>
  noteEntry({
    id,
    clientId: 'c',
    text: id,
    writtenAt: at(minute),
    editedAt: null,
    editableUntil: at(minute + 1440),
  } satisfies Note);

const message = (id: string, minute: number): TimelineEntry =>
  messageEntry({ id, sentAt: at(minute), author: 'coach' } as ThreadMessage);

const action = (id: string, minute: number): TimelineEntry =>
  actionEntry({
    id,
    kind: 'reportGenerated',
    at: at(minute),
    fromPhase: null,
    toPhase: null,
    reportId: null,
  } satisfies CoachAction);

const source = (entries: TimelineEntry[], isComplete = true): TimelineSource => ({
  entries,
  isComplete,
});

const keys = (entries: TimelineEntry[]) => entries.map((entry) => entry.key);

describe('mergeTimeline', () => {
  it('lists notes, messages and actions newest first, by when they happened', () => {
    const merged = mergeTimeline(
      [
        source([note('n2', 50), note('n1', 10)]),
        source([message('m1', 40), message('m0', 5)]),
        source([action('a1', 30)]),
      ],
      50,
    );
    expect(keys(merged.entries)).toEqual([
      'note:n2',
      'message:m1',
      'action:a1',
      'note:n1',
      'message:m0',
    ]);
    expect(merged.hasMore).toBe(false);
    expect(merged.needed).toEqual([]);
  });

  it('shows at most the limit, and says there is more', () => {
    const merged = mergeTimeline([source([note('n3', 3), note('n2', 2), note('n1', 1)])], 2);
    expect(keys(merged.entries)).toEqual(['note:n3', 'note:n2']);
    expect(merged.hasMore).toBe(true);
    expect(merged.needed).toEqual([]);
  });

  it('stops where a source with more pages has nothing loaded left, and names it', () => {
    // The notes' next page may hold a note of minute 30: the action of minute 20 must wait.
    const merged = mergeTimeline(
      [source([note('n2', 50), note('n1', 40)], false), source([action('a1', 20)])],
      50,
    );
    expect(keys(merged.entries)).toEqual(['note:n2', 'note:n1']);
    expect(merged.hasMore).toBe(true);
    expect(merged.needed).toEqual([0]);
  });

  it('asks for a source that has loaded nothing yet but has more', () => {
    const merged = mergeTimeline([source([], false), source([note('n1', 1)])], 50);
    expect(merged.entries).toEqual([]);
    expect(merged.needed).toEqual([0]);
  });

  it('orders entries of the same instant the same way every time', () => {
    const sources = [source([note('b', 5)]), source([message('a', 5)]), source([action('c', 5)])];
    const first = keys(mergeTimeline(sources, 50).entries);
    const again = keys(mergeTimeline([...sources].reverse(), 50).entries);
    expect(first).toEqual(again);
  });

  it('merges 2,000 entries in one pass, a page at a time', () => {
    const notes = Array.from({ length: 1000 }, (_, index) => note(`n${index}`, 4000 - index * 2));
    const messages = Array.from({ length: 1000 }, (_, index) =>
      message(`m${index}`, 3999 - index * 2),
    );
    const page = mergeTimeline([source(notes), source(messages)], 50);
    expect(page.entries).toHaveLength(50);
    expect(page.entries[0]?.key).toBe('note:n0');
    expect(page.entries[1]?.key).toBe('message:m0');
    const all = mergeTimeline([source(notes), source(messages)], 2000);
    expect(all.entries).toHaveLength(2000);
    expect(all.hasMore).toBe(false);
    const times = all.entries.map((entry) => entry.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
