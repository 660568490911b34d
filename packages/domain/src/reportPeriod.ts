import { laterDate } from './range.ts';
import { reportLimits } from './values/reportValues.ts';
import { addDays, daysBetween } from './zonedTime.ts';

/** The period of a report, inclusive, in the client's local dates. */
export type ReportPeriod = { from: string; to: string };

/** A report period asked for, or why it is refused (the catalogue's code and the reason). */
export type ReportPeriodResult =
  | { ok: true; period: ReportPeriod }
  | { ok: false; error: 'invalid_range'; message: string };

const refused = (message: string): ReportPeriodResult => ({
  ok: false,
  error: 'invalid_range',
  message,
});

/**
 * The period asked for, checked (both dates or neither; `from` not after `to`; at most 90 days),
 * or by default the journey so far up to the client's today, cut to its last 90 days.
 */
export function reportPeriod(
  asked: { from?: string; to?: string },
  journeyStartDate: string,
  today: string,
): ReportPeriodResult {
  const { from, to } = asked;
  if (from === undefined && to === undefined) {
    const earliest = addDays(today, 1 - reportLimits.periodMaxDays);
    const start = laterDate(earliest, journeyStartDate);
    return {
      ok: true,
      period: { from: start.localeCompare(today) <= 0 ? start : today, to: today },
    };
  }
  if (from === undefined || to === undefined) return refused('Give both from and to, or neither');
  let days: number;
  try {
    days = daysBetween(from, to) + 1;
  } catch {
    return refused('from and to are dates (YYYY-MM-DD)');
  }
  if (days < 1) return refused('The period ends before it starts');
  if (days > reportLimits.periodMaxDays) {
    return refused(`A report covers at most ${reportLimits.periodMaxDays} days`);
  }
  return { ok: true, period: { from, to } };
}
