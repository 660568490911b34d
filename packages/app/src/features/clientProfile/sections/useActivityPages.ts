import type { ActivityItem, ActivityPage } from '@coach/api';
import { useState } from 'react';
import { useCoachApi } from '../../../core/session/index.ts';
import { activityPageSize } from '../atoms/activityAtoms.ts';

/** The activity loaded so far: the first page (an atom) and the pages 'Show more' added. */
export type ActivityPages = {
  items: ActivityItem[];
  hasMore: boolean;
  isLoadingMore: boolean;
  hasMoreFailed: boolean;
  loadMore: () => void;
};

type More = { first: ActivityPage; pages: ActivityPage[]; isLoading: boolean; failed: boolean };

/**
 * Pages after `first`, each asked with the previous page's keyset cursor (`before`), so an item
 * added meanwhile neither repeats nor is skipped. A new first page (a refresh) starts again.
 */
export function useActivityPages(clientId: string, first: ActivityPage): ActivityPages {
  const api = useCoachApi();
  const [more, setMore] = useState<More>({ first, pages: [], isLoading: false, failed: false });
  // A refreshed first page drops the pages after the old one (adjusting state while rendering).
  const current =
    more.first === first ? more : { first, pages: [], isLoading: false, failed: false };
  if (current !== more) setMore(current);

  const last = current.pages.at(-1) ?? first;
  const loadMore = () => {
    if (current.isLoading || last.nextCursor === null) return;
    setMore({ ...current, isLoading: true, failed: false });
    api.analytics
      .getClientActivity(clientId, { limit: activityPageSize, before: last.nextCursor })
      .then(
        (page) =>
          setMore((now) =>
            now.first === first ? { ...now, pages: [...now.pages, page], isLoading: false } : now,
          ),
        () =>
          setMore((now) =>
            now.first === first ? { ...now, isLoading: false, failed: true } : now,
          ),
      );
  };

  return {
    items: [first, ...current.pages].flatMap((page) => page.items),
    hasMore: last.nextCursor !== null,
    isLoadingMore: current.isLoading,
    hasMoreFailed: current.failed,
    loadMore,
  };
}
