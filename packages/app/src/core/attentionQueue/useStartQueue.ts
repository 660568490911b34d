import { useNavigate } from 'react-router';
import { useLocale } from '../../i18n/locale.ts';
import { useSetAtom } from '../../state/jotai.ts';
import { type ClientListView, type ClientRow, searchParamsOfView } from '../clientList/index.ts';
import { queueHref } from './queueLinks.ts';
import { queueStartOrderAtom } from './queueOrderAtom.ts';
import { firstInQueue, viewOrder } from './queueStops.ts';

/** The key of a view's queue: its URL parameters. */
export const viewKey = (view: ClientListView) => searchParamsOfView(view).toString();

/**
 * Starts the attention queue of a view of the list (the list's button and 'q', '/queue'): keeps
 * the view's order as it is now and opens its first client who needs attention, the view's
 * parameters kept beside `queue=1`. Answers false, opening nothing, when nobody is in it.
 */
export function useStartQueue() {
  const navigate = useNavigate();
  const locale = useLocale();
  const setStartOrder = useSetAtom(queueStartOrderAtom);
  return (
    rows: readonly ClientRow[],
    view: ClientListView,
    options?: { replace?: boolean },
  ): boolean => {
    const ids = viewOrder(rows, view, locale);
    const first = firstInQueue(rows, ids);
    if (!first) return false;
    setStartOrder({ key: viewKey(view), ids });
    navigate(queueHref(first, searchParamsOfView(view)), options);
    return true;
  };
}
