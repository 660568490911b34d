import type { Report, ReportList } from '@coach/api';
import { useState } from 'react';
import { useCoachApi } from '../../../core/session/index.ts';
import { type KeysetPages, useKeysetPages } from '../shared/useKeysetPages.ts';
import { reportPageSize } from './reportsAtoms.ts';

/** The reports loaded so far: the first page (an atom), the pages 'Show more' added. */
export type ReportPages = KeysetPages<Report> & {
  /** Takes a deleted report out of the pages loaded, which stay as they are. */
  remove: (reportId: string) => void;
};

type Removed = { first: ReportList; ids: ReadonlySet<string> };

/**
 * The client's reports after `first`, page by page (see `useKeysetPages`), less those deleted
 * here. A new first page (a refresh) forgets them, as it forgets the pages after it.
 */
export function useReportPages(clientId: string, first: ReportList): ReportPages {
  const api = useCoachApi();
  const pages = useKeysetPages<Report, ReportList>(first, (before) =>
    api.resource.listClientReports(clientId, { limit: reportPageSize, before }),
  );
  const [removed, setRemoved] = useState<Removed>(() => ({ first, ids: new Set() }));
  // Adjusting state while rendering, as the pages do.
  const current = removed.first === first ? removed : { first, ids: new Set<string>() };
  if (current !== removed) setRemoved(current);

  return {
    ...pages,
    items: pages.items.filter((report) => !current.ids.has(report.id)),
    remove: (reportId) => setRemoved((now) => ({ ...now, ids: new Set([...now.ids, reportId]) })),
  };
}
