import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocale } from '../../i18n/locale.ts';
import { atom, useAtomValue, useSetAtom } from '../../state/jotai.ts';
import type { Loadable } from '../../state/loadable.ts';
import {
  type ClientRow,
  clientRowsLoadableAtom,
  viewFromSearchParams,
} from '../clientList/index.ts';
import { isQueueWalk, queueHref, queueParam } from './queueLinks.ts';
import { queueStartOrderAtom } from './queueOrderAtom.ts';
import { type QueuePlace, queuePlace, viewOrder } from './queueStops.ts';
import { viewKey } from './useStartQueue.ts';

// Outside the queue the profile reads no list: its first view keeps to its own calls.
const notWalkingAtom = atom<Loadable<{ rows: ClientRow[] }> | null>(null);
notWalkingAtom.debugLabel = 'notWalkingTheQueue';

/** The queue as the profile walks it: where the coach is, and the way to the next and previous. */
export type AttentionQueue = {
  /** Whether the profile was opened from the queue (`?queue=1`, the list's view beside it). */
  isWalking: boolean;
  /** The rows the queue reads, once loaded (the review shown on the current client). */
  rows: readonly ClientRow[] | null;
  /** Where the coach stands; null until the list has loaded, or outside the queue. */
  place: QueuePlace | null;
  /** Opens a client of the queue, keeping the list's view and the queue. */
  open: (clientId: string) => void;
  /** The list the queue came from, with its view. */
  listHref: string;
};

/**
 * The attention queue around the client on screen: the clients of the list's view (kept in the
 * URL beside `queue=1`) who need attention, in the list's order; read from the same rows as
 * the list, so that a review or a new message moves the queue at once.
 */
export function useAttentionQueue(clientId: string): AttentionQueue {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const locale = useLocale();
  const isWalking = isQueueWalk(params);
  const rows = useAtomValue(isWalking ? clientRowsLoadableAtom : notWalkingAtom);
  const loaded = rows?.state === 'hasData' ? rows.data.rows : null;
  const view = useMemo(() => viewFromSearchParams(params), [params]);
  const startOrder = useAtomValue(queueStartOrderAtom);
  const setStartOrder = useSetAtom(queueStartOrderAtom);
  const order = startOrder?.key === viewKey(view) ? startOrder.ids : null;
  // A queue opened by its address (a reload, a link) keeps the order of its first list.
  useEffect(() => {
    if (isWalking && loaded && order === null) {
      setStartOrder({ key: viewKey(view), ids: viewOrder(loaded, view, locale) });
    }
  }, [isWalking, loaded, order, view, locale, setStartOrder]);
  const place = useMemo(
    () => (loaded ? queuePlace(loaded, view, clientId, locale, order) : null),
    [loaded, view, clientId, locale, order],
  );
  const listParams = new URLSearchParams(params);
  listParams.delete(queueParam);
  const listSearch = listParams.toString();
  return {
    isWalking,
    rows: loaded,
    place,
    open: (id) => navigate(queueHref(id, params)),
    listHref: listSearch === '' ? '/clients' : `/clients?${listSearch}`,
  };
}
