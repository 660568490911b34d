import { fullName } from '@coach/domain';
import { atomFamily } from '../../../state/atomFamily.ts';
import { type Atom, atom } from '../../../state/jotai.ts';
import { isNotFound } from '../components/isNotFound.ts';
import { clientResourceFamily } from './clientResourceFamily.ts';

/** The figures of a client's profile header (`GET /api/analytics/clients/:id/profile`). */
export const profileSummaryAtoms = clientResourceFamily('profileSummary', (api, clientId) =>
  api.analytics.getClientProfileSummary(clientId),
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
  const name = atom((get) => {
    const state = get(summary);
    return state.state === 'hasData' ? fullName(state.data) : null;
  });
  name.debugLabel = `summaryName(${clientId})`;
  const firstName = atom((get) => {
    const state = get(summary);
    return state.state === 'hasData' ? state.data.firstName : null;
  });
  firstName.debugLabel = `summaryFirstName(${clientId})`;
  const timeZone = atom((get) => {
    const state = get(summary);
    return state.state === 'hasData' ? state.data.timezone : null;
  });
  timeZone.debugLabel = `summaryTimeZone(${clientId})`;
  const notFound = atom((get) => isNotFound(get(summary)));
  notFound.debugLabel = `summaryNotFound(${clientId})`;
  return { name, firstName, timeZone, isNotFound: notFound };
});
