import type { DateRangeQuery } from '@coach/api';
import { addDays, daysBetween, earlierDate, laterDate, maxRangeDays } from '@coach/domain';

/** The date ranges the indicators chart offers: the last 7, 30 or 90 days, or the whole journey. */
export const chartRangeNames = ['7', '30', '90', 'all'] as const;
/** A date range of the indicators chart. */
export type ChartRange = (typeof chartRangeNames)[number];
/** The range the chart opens on: a month shows a trend without hiding single days. */
export const defaultChartRange: ChartRange = '30';

/**
 * The client's local dates a range covers, ending on their today: the last n days, but never
 * before the journey started (days before it have nothing to show, not 'no data'); 'all' from
 * the journey's start.
 */
export function chartRangeDates(
  range: ChartRange,
  today: string,
  journeyStartDate: string,
): DateRangeQuery {
  const start = earlierDate(journeyStartDate, today);
  if (range === 'all') return { from: start, to: today };
  return { from: laterDate(addDays(today, 1 - Number(range)), start), to: today };
}

/**
 * A range cut into the pieces one series call takes (at most 366 days each), in order: a
 * journey longer than a year is still read whole.
 */
export function seriesChunks({ from, to }: DateRangeQuery): DateRangeQuery[] {
  const chunks: DateRangeQuery[] = [];
  let chunkFrom = from;
  while (daysBetween(chunkFrom, to) >= 0) {
    const chunkTo =
      daysBetween(chunkFrom, to) < maxRangeDays ? to : addDays(chunkFrom, maxRangeDays - 1);
    chunks.push({ from: chunkFrom, to: chunkTo });
    chunkFrom = addDays(chunkTo, 1);
  }
  return chunks;
}
