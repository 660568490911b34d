import type { ActivityItem, ActivityPage } from '@coach/api';
import { useCoachApi } from '../../../core/session/index.ts';
import { type KeysetPages, useKeysetPages } from '../shared/useKeysetPages.ts';
import { activityPageSize } from './activityAtoms.ts';

/** The activity loaded so far: the first page (an atom) and the pages 'Show more' added. */
export type ActivityPages = KeysetPages<ActivityItem>;

/** The client's activity after `first`, page by page (see `useKeysetPages`). */
export function useActivityPages(clientId: string, first: ActivityPage): ActivityPages {
  const api = useCoachApi();
  return useKeysetPages<ActivityItem, ActivityPage>(first, (before) =>
    api.analytics.getClientActivity(clientId, { limit: activityPageSize, before }),
  );
}
