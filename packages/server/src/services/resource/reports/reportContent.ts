// What a report shows, read with the analytics' own figures (the profile header and the daily
// series), so the PDF and the profile screen never disagree.
import type { CreateReportBody, IndicatorFigure, SeriesDay } from '@coach/api';
import {
  fullName,
  indicatorDecimals,
  isLagging,
  laggingLimitPercent,
  localDateOf,
  phaseIndicatorAverage,
  type ReportPeriod,
  reportLimits,
  reportPeriod,
  roundTo,
} from '@coach/domain';
import type { Database } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import { clientProfileSummary, clientSeries } from '../../analytics/index.ts';
import { clientNotFound } from '../../clientRecords/index.ts';
import type { PersonRecord } from '../../core/index.ts';
import { readPeriodNotes } from '../../notes/index.ts';
import type {
  ReportContent,
  ReportSection,
  ReportSectionKind,
  SectionFigures,
} from './reportDocument.ts';

/**
 * The period asked for, checked, or the default one (the domain's rule, which the mocks share):
 * a refused period is the domain error of its reason.
 */
function checkedPeriod(
  body: Pick<CreateReportBody, 'from' | 'to'>,
  journeyStartDate: string,
  today: string,
): ReportPeriod {
  const result = reportPeriod(body, journeyStartDate, today);
  if (!result.ok) throw new DomainError(result.error, result.message);
  return result.period;
}

type IndicatorKey = 'mental' | 'physical' | 'productivity';

/** The period's figures of one indicator beside the phase figure the profile shows. */
function sectionFigures(
  days: readonly SeriesDay[],
  key: IndicatorKey,
  phase: IndicatorFigure,
): SectionFigures {
  const values = days.flatMap((day) => (day[key] === null ? [] : [day[key]]));
  const sum = values.reduce((total, value) => total + value, 0);
  return {
    average: phaseIndicatorAverage(sum, values.length),
    daysWithValue: values.length,
    // Each day read as the series shows it (69.95 is 70), as the lagging rule does.
    laggingDays: values.filter((value) => isLagging(roundTo(value, indicatorDecimals))).length,
    phaseAverage: phase.value,
    phaseLagging: phase.lagging,
    lowDays: phase.lowDays,
  };
}

/**
 * Everything the PDF of `client`'s report shows, at `now`, as `coach` wrote it, with the coach's
 * own notes on the client written within the period when the body asks for them (the client's
 * local dates, as the period's); throws the one 404 when the client is gone meanwhile, and
 * 'invalid_range' for a refused period.
 */
export async function readReportContent(
  db: Database,
  input: {
    organisationId: string;
    coach: PersonRecord;
    client: PersonRecord;
    body: CreateReportBody;
    now: Date;
  },
): Promise<ReportContent> {
  const { organisationId, coach, client, body, now } = input;
  const profile = await clientProfileSummary(
    db,
    { organisationId, timezone: coach.timezone },
    client.id,
    now,
  );
  if (!profile) throw clientNotFound();
  const period = checkedPeriod(
    body,
    profile.journey.journeyStartDate,
    localDateOf(now, client.timezone),
  );
  const series = await clientSeries(db, organisationId, client, period.from, period.to, now);
  const periodNotes = body.includeNotes
    ? await readPeriodNotes(
        db,
        { organisationId, clientId: client.id, coachId: coach.id },
        period,
        client.timezone,
        { max: reportLimits.periodNotesMax, maxCharacters: reportLimits.periodNotesMaxCharacters },
      )
    : null;
  const { indicators } = profile;
  const section = (kind: ReportSectionKind, key: IndicatorKey, note: string): ReportSection => ({
    kind,
    days: series.days.map((day) => ({ date: day.date, value: day[key] })),
    figures: sectionFigures(series.days, key, indicators[key]),
    note,
  });
  return {
    // The coach's language: the report is theirs to read and hand on.
    language: coach.language,
    clientName: fullName(profile),
    coachName: fullName(coach),
    period,
    phase: profile.journey.step,
    phaseDay: profile.journey.currentDay,
    figuresPhase: indicators.phase,
    generatedAt: now.toISOString(),
    timezone: client.timezone,
    limitPercent: laggingLimitPercent,
    sections: [
      section('mentalWellbeing', 'mental', body.mentalWellbeing),
      section('physicalWellbeing', 'physical', body.physicalWellbeing),
      section('productivity', 'productivity', body.productivity),
    ],
    finalComments: body.finalComments,
    periodNotes,
  };
}
