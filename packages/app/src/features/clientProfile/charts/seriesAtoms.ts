import type { CoachApi, DateRangeQuery, Journey, SeriesDay } from '@coach/api';
import { localDateOf, type StepStart } from '@coach/domain';
import { readInSession } from '../../../core/session/index.ts';
import { atomFamily } from '../../../state/atomFamily.ts';
import { type Atom, atom } from '../../../state/jotai.ts';
import { type Loadable, loadable } from '../../../state/loadable.ts';
import { journeyAtoms } from '../journey/journeyAtoms.ts';
import { type ChartRange, chartRangeDates, seriesChunks } from './chartRange.ts';

/** A client's daily series over one chart range, with the journey steps that cut it in phases. */
export type ClientSeriesView = DateRangeQuery & {
  days: SeriesDay[];
  /** The started steps (learn first) and their local start dates. */
  stepStarts: StepStart[];
};

/** Bumped to read every range of a client's series again (a retry, a phase change, a report). */
const seriesRefreshAtoms = atomFamily((clientId: string) => {
  const refreshAtom = atom(0);
  refreshAtom.debugLabel = `seriesRefresh(${clientId})`;
  return refreshAtom;
});

const seriesAtomsByKey = atomFamily((key: string) => {
  const [clientId = '', range = '30'] = key.split('|');
  const data = atom((get): Promise<ClientSeriesView> => {
    get(seriesRefreshAtoms(clientId));
    const journeyRead = get(journeyAtoms(clientId).data);
    return readInSession(get, (api) => readSeries(api, clientId, range as ChartRange, journeyRead));
  });
  data.debugLabel = `series(${key})`;
  const settled = loadable(data);
  settled.debugLabel = `seriesLoadable(${key})`;
  return { data, loadable: settled };
});

/** One range of a client's series, in pieces, cut in phases by the journey (which `journeyRead` reads). */
async function readSeries(
  api: CoachApi,
  clientId: string,
  range: ChartRange,
  journeyRead: Promise<Journey>,
): Promise<ClientSeriesView> {
  // The journey gives the client's timezone (their today) and where each phase starts; a
  // phase change refreshes it, and with it every range of the series.
  const journey = await journeyRead;
  const stepStarts = journey.steps.flatMap((entry) =>
    entry.startDate === null ? [] : [{ step: entry.step, startDate: entry.startDate }],
  );
  const journeyStart = stepStarts[0]?.startDate ?? journey.startDate;
  const today = localDateOf(new Date(), journey.timezone);
  const dates = chartRangeDates(range, today, journeyStart);
  const pieces = await Promise.all(
    seriesChunks(dates).map((chunk) => api.analytics.getClientSeries(clientId, chunk)),
  );
  return { ...dates, days: pieces.flatMap((piece) => piece.days), stepStarts };
}

/**
 * A client's series over a chart range (`GET /api/analytics/clients/:id/series`, in pieces of
 * at most 366 days), keyed by client id and range: read on first use, in a new session, when the
 * journey is read again, and after `set(refreshSeriesAtom, clientId)`.
 */
export function seriesAtoms(
  clientId: string,
  range: ChartRange,
): { data: Atom<Promise<ClientSeriesView>>; loadable: Atom<Loadable<ClientSeriesView>> } {
  return seriesAtomsByKey(`${clientId}|${range}`);
}

/**
 * `set(refreshSeriesAtom, clientId)`: reads every range of the client's series again (a retry);
 * the journey too when it is what failed, since each range is read from it.
 */
export const refreshSeriesAtom = atom(null, (get, set, clientId: string) => {
  const journey = journeyAtoms(clientId);
  if (get(journey.loadable).state === 'hasError') set(journey.data, 'refresh');
  set(seriesRefreshAtoms(clientId), (count) => count + 1);
});
refreshSeriesAtom.debugLabel = 'refreshSeriesAtom';
