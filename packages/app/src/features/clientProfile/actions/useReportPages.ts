import type { Report, ReportList } from '@coach/api';
import { useState } from 'react';
import { useCoachApi } from '../../../core/session/index.ts';
import { reportPageSize } from '../atoms/reportsAtoms.ts';

/** The reports loaded so far: the first page (an atom), the pages 'Show more' added. */
export type ReportPages = {
  items: Report[];
  hasMore: boolean;
  isLoadingMore: boolean;
  hasMoreFailed: boolean;
  loadMore: () => void;
  /** Takes a deleted report out of the pages loaded, which stay as they are. */
  remove: (reportId: string) => void;
};

type More = {
  first: ReportList;
  pages: ReportList[];
  removed: ReadonlySet<string>;
  isLoading: boolean;
  failed: boolean;
};

const startFrom = (first: ReportList): More => ({
  first,
  pages: [],
  removed: new Set(),
  isLoading: false,
  failed: false,
});

/**
 * Pages after `first`, each asked with the previous page's keyset cursor (`before`): a report
 * made or deleted meanwhile neither repeats one nor skips one. A new first page (a refresh)
 * starts again.
 */
export function useReportPages(clientId: string, first: ReportList): ReportPages {
  const api = useCoachApi();
  const [more, setMore] = useState<More>(() => startFrom(first));
  // A refreshed first page drops the pages after the old one (adjusting state while rendering).
  const current = more.first === first ? more : startFrom(first);
  if (current !== more) setMore(current);

  const last = current.pages.at(-1) ?? first;
  const loadMore = () => {
    if (current.isLoading || last.nextCursor === null) return;
    setMore({ ...current, isLoading: true, failed: false });
    api.resource
      .listClientReports(clientId, { limit: reportPageSize, before: last.nextCursor })
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
    items: [first, ...current.pages]
      .flatMap((page) => page.items)
      .filter((report) => !current.removed.has(report.id)),
    hasMore: last.nextCursor !== null,
    isLoadingMore: current.isLoading,
    hasMoreFailed: current.failed,
    loadMore,
    remove: (reportId) =>
      setMore((now) => ({ ...now, removed: new Set([...now.removed, reportId]) })),
  };
}
