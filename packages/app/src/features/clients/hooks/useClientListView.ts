import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ClientListView,
  searchParamsOfView,
  viewFromSearchParams,
} from '../../../core/clientList/index.ts';

/**
 * The list's view (search, filters, sort) read from and written to the URL's search parameters.
 * Changes replace the history entry: typing a name is not a trail of pages for Back.
 */
export function useClientListView(): [ClientListView, (change: Partial<ClientListView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(params), [params]);
  const changeView = useCallback(
    (change: Partial<ClientListView>) =>
      setParams(
        (current) => searchParamsOfView({ ...viewFromSearchParams(current), ...change }, current),
        { replace: true },
      ),
    [setParams],
  );
  return [view, changeView];
}
