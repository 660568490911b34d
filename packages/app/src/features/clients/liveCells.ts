import {
  type ClientRow,
  completionColumns,
  indicatorColumns,
} from '../../core/clientList/index.ts';
import { type LiveUpdate, liveRevisionOf } from '../../core/live/index.ts';
import type { LiveChanges } from '../../core/liveCues/index.ts';

// Which cells of the clients list a live message changed: each cell's figures as a comparable
// value, keyed by client and column.

/** The key of a client's cell in a column. */
export const cellKey = (clientId: string, columnId: string) => `${clientId}|${columnId}`;

/**
 * The figures each column shows of a row (the name's cell: the name, whether attention is due and
 * the due follow-up).
 */
function cellValues(row: ClientRow): Record<string, unknown> {
  return {
    name: [row.fullName, row.attention.category, row.followUp?.isDue ? row.followUp : null],
    phase: row.journey,
    engagement: row.engagement,
    ...Object.fromEntries(
      indicatorColumns.map((indicator) => [indicator, row.indicators[indicator]]),
    ),
    ...Object.fromEntries(completionColumns.map((kind) => [kind, row[kind]])),
    messages: row.unreadMessages,
  };
}

/** Every cell of the list, keyed by {@link cellKey}, as a comparable value. */
export function cellSignatures(rows: readonly ClientRow[]): ReadonlyMap<string, string> {
  return new Map(
    rows.flatMap((row) =>
      Object.entries(cellValues(row)).map(
        ([columnId, value]) => [cellKey(row.clientId, columnId), JSON.stringify(value)] as const,
      ),
    ),
  );
}

const clientIdOf = (key: string) => key.slice(0, key.indexOf('|'));

/** The names of the clients with a changed cell, in the list's order. */
export function changedClientNames(keys: readonly string[], rows: readonly ClientRow[]): string[] {
  const changed = new Set(keys.map(clientIdOf));
  return rows.filter((row) => changed.has(row.clientId)).map((row) => row.fullName);
}

/** The cue of a cell: the live message that changed it, or null. */
export function cellCue(changes: LiveChanges, clientId: string, columnId: string): number | null {
  return changes.keys.has(cellKey(clientId, columnId)) ? changes.sequence : null;
}

/**
 * Whether a cell's client was named by the live messages since `since` (or a refetch came): the
 * other clients' cells that changed with the clock (the 24 h and 48 h windows move on) get no cue.
 */
export function isCellOfNamedClient(key: string, update: LiveUpdate, since: number): boolean {
  return liveRevisionOf(update, clientIdOf(key)) > since;
}
