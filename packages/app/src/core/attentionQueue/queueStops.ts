import { isInAttentionQueue, queueFlagsOf } from '@coach/domain';
import {
  type ClientListView,
  type ClientRow,
  filterRows,
  isFollowUpDue,
  rowsInViewOrder,
} from '../clientList/index.ts';

/** Whether a row of the list is in the attention queue (the domain's rule on its figures). */
export const isQueued = (row: ClientRow): boolean =>
  isInAttentionQueue(
    queueFlagsOf(row.attention, isFollowUpDue(row)),
    row.unreadMessages,
    row.review ?? null,
  );

/** Where the coach stands in the queue, and where its keys lead. */
export type QueuePlace = {
  /** 1-based place of the current client among the stops; 0 when the client is not one. */
  position: number;
  /** How many stops: the queued clients, and the current one while the coach is on it. */
  total: number;
  nextId: string | null;
  previousId: string | null;
  /** Whether the current client is still queued (false once reviewed for today). */
  isCurrentQueued: boolean;
};

/**
 * The rows in the order the queue started with (`startOrder`, the view's client ids then), and
 * after them any other row in the list's order: a client whose figures change while the coach
 * walks the queue (their messages read, a new one) keeps their place, so 'next' never skips nor
 * repeats anyone.
 */
function inStartOrder(ordered: ClientRow[], startOrder: readonly string[] | null): ClientRow[] {
  if (!startOrder) return ordered;
  const rank = new Map(startOrder.map((id, index) => [id, index]));
  const known = ordered.filter((row) => rank.has(row.clientId));
  known.sort((a, b) => (rank.get(a.clientId) ?? 0) - (rank.get(b.clientId) ?? 0));
  return [...known, ...ordered.filter((row) => !rank.has(row.clientId))];
}

/** The view's client ids in the list's order: the order a queue keeps from its start. */
export function viewOrder(
  rows: readonly ClientRow[],
  view: ClientListView,
  locale?: string,
): string[] {
  return rowsInViewOrder(rows, view, locale).map((row) => row.clientId);
}

/**
 * The queue's stops for a view of the list: the clients who need attention, have a follow-up
 * due or an unread message and are not reviewed for today, in the list's order and filter as the
 * queue started (`startOrder`). The client on screen stays a stop while the coach is on it
 * (reviewed a moment ago, it still counts its place), so that 'next' goes on from where the
 * coach is.
 */
export function queuePlace(
  rows: readonly ClientRow[],
  view: ClientListView,
  currentId: string | null,
  locale?: string,
  startOrder: readonly string[] | null = null,
): QueuePlace {
  const ordered = inStartOrder(rowsInViewOrder(rows, view, locale), startOrder);
  const stops = ordered.filter((row) => row.clientId === currentId || isQueued(row));
  const index = stops.findIndex((row) => row.clientId === currentId);
  const current = index === -1 ? undefined : stops[index];
  return {
    position: index + 1,
    total: stops.length,
    nextId: stops[index + 1]?.clientId ?? null,
    previousId: index > 0 ? (stops[index - 1]?.clientId ?? null) : null,
    isCurrentQueued: current !== undefined && isQueued(current),
  };
}

/** The first client of the queue in a view's order (`viewOrder`), or null when nobody is in it. */
export function firstInQueue(rows: readonly ClientRow[], order: readonly string[]): string | null {
  const queued = new Set(rows.filter(isQueued).map((row) => row.clientId));
  return order.find((id) => queued.has(id)) ?? null;
}

/** How many clients of a view are in the queue: the count on the list's queue button. */
export function queueCount(rows: readonly ClientRow[], view: ClientListView): number {
  return filterRows(rows, view).filter(isQueued).length;
}
