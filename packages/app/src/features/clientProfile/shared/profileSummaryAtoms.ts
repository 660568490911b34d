import { ApiError, type ClientProfileSummary } from '@coach/api';
import { fullName } from '@coach/domain';
import { atomFamily } from '../../../state/atomFamily.ts';
import { type Atom, atom } from '../../../state/jotai.ts';
import type { Loadable } from '../../../state/loadable.ts';
import { clientResourceFamily } from './clientResourceFamily.ts';

/** The figures of a client's profile header (`GET /api/analytics/clients/:id/profile`). */
export const profileSummaryAtoms = clientResourceFamily(
  'profileSummary',
  (api, clientId) => api.analytics.getClientProfileSummary(clientId),
  { isChangedByActions: true },
);

/** What the profile's frame and sections read of the summary, each a value of its own. */
type SummaryFacts = {
  /** The client's full name once the summary has loaded; null before. */
  name: Atom<string | null>;
  /** The client's first name once the summary has loaded; null before. */
  firstName: Atom<string | null>;
  /** The client's time zone once the summary has loaded; null before. */
  timeZone: Atom<string | null>;
  /** Whether the server said there is no such client for this coach. */
  isNotFound: Atom<boolean>;
};

/**
 * Facts of a client's summary as plain values: what reads them renders again when they change,
 * not at each new figure of the summary (a live message re-renders the header, not every
 * section of the profile).
 */
export const summaryFactsAtoms = atomFamily((clientId: string): SummaryFacts => {
  const summary = profileSummaryAtoms(clientId).loadable;
  /** One fact of the loaded summary, null before it has loaded. */
  const factOf = <T>(label: string, select: (data: ClientProfileSummary) => T) => {
    const fact = atom((get) => {
      const state = get(summary);
      return state.state === 'hasData' ? select(state.data) : null;
    });
    fact.debugLabel = `${label}(${clientId})`;
    return fact;
  };
  const notFound = atom((get) => isNotFound(get(summary)));
  notFound.debugLabel = `summaryNotFound(${clientId})`;
  return {
    name: factOf('summaryName', fullName),
    firstName: factOf('summaryFirstName', (data) => data.firstName),
    timeZone: factOf('summaryTimeZone', (data) => data.timezone),
    isNotFound: notFound,
  };
});

/**
 * Whether the server said there is no such client for this coach (404: it does not exist or is
 * another coach's; the server never tells which).
 */
function isNotFound(state: Loadable<unknown>): boolean {
  return (
    state.state === 'hasError' && state.error instanceof ApiError && state.error.status === 404
  );
}
