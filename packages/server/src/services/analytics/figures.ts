// The figures of the analytics answers, from the rows of ./store.ts and the domain's rules.
import {
  type ActivityItem,
  type ActivityPage,
  type ClientProfileSummary,
  type ClientSeries,
  type ClientSummary,
  type CompletionCount,
  type IndicatorFigure,
  profilePicturePath,
  type SeriesDay,
} from '@coach/api';
import type { Database } from '../../db/index.ts';
import {
  type ActivityKey,
  encodeActivityCursor,
  pageNewestFirst,
} from '../../domain/figures/activityPage.ts';
import { ageOn } from '../../domain/figures/age.ts';
import { engagement, type UsageSession } from '../../domain/figures/engagement.ts';
import { isLagging, phaseIndicatorAverage } from '../../domain/figures/indicators.ts';
import { createScheduleClock, type ScheduleClock } from '../../domain/figures/scheduleClock.ts';
import { scheduledByDate } from '../../domain/figures/series.ts';
import {
  addDays,
  isStepDone,
  type JourneyStep,
  localDateOf,
  preferredStepLengthDays,
  type ScheduledCounts,
  scheduledActionsDue,
  zonedLocalToUtc,
} from '../../domain/journey/index.ts';
import { type ClientRef, learnStartDate, readStepStarts } from '../clientData/steps.ts';
import {
  type ClientFilter,
  type ClientRow,
  selectClientRows,
  selectDailyRows,
  selectExerciseHistory,
  selectSurveyHistory,
} from './store.ts';

/** Who asks for the figures: the organisation, and the coach whose "today" gives the ages. */
export type FiguresViewer = { organisationId: string; timezone: string };

/** The average of one indicator over the phase: sum / days to 0.1, null without a day. */
function indicatorFigure(sum: number | null, days: number | null): IndicatorFigure {
  const value = sum === null || days === null ? null : phaseIndicatorAverage(sum, days);
  return { value, lagging: isLagging(value) };
}

/** completed / scheduled, where something completed early counts as scheduled too. */
function completion(completed: number, scheduled: number): CompletionCount {
  return { completed, scheduled: Math.max(scheduled, completed) };
}

/** The journey facts of a client row: current step, its start date and day. */
function journeyOf(row: ClientRow, clock: ScheduleClock) {
  const step = row.currentStep ?? 'learn';
  const startDate = row.stepStartDate ?? learnStartDate(row);
  return { step, startDate, currentDay: clock.currentStepDay(row.timezone, startDate) };
}

function toGender(gender: string | null): 'male' | 'female' | null {
  return gender === 'male' || gender === 'female' ? gender : null;
}

/**
 * The usage sessions engagement needs: those that can touch the 48 h window, and the latest one
 * ended by now (for "last connected"; if it is in the window too, merging counts it once).
 */
function sessionsOf(row: ClientRow): UsageSession[] {
  const pairs = [...(row.windowSessions ?? []), ...(row.lastSession ? [row.lastSession] : [])];
  return pairs.map(([started, ended]) => ({
    startedAt: new Date(started),
    endedAt: new Date(ended),
  }));
}

/** A client's row of the clients table. */
function summaryOf(row: ClientRow, clock: ScheduleClock, viewerToday: string): ClientSummary {
  const journey = journeyOf(row, clock);
  const used = engagement(sessionsOf(row), clock.now);
  const due = clock.scheduledActionsDue({
    timeZone: row.timezone,
    step: journey.step,
    stepStartDate: journey.startDate,
  });
  return {
    clientId: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profilePicture: row.hasPicture ? profilePicturePath(row.id) : null,
    age: ageOn(row.birthDate, viewerToday),
    gender: toGender(row.gender),
    timezone: row.timezone,
    utcOffsetMinutes: clock.utcOffsetMinutes(row.timezone),
    journey,
    engagement: {
      hours: used.hours,
      ratio: used.bar,
      lastConnectedAt: used.lastConnectedAt?.toISOString() ?? null,
    },
    indicators: {
      productivity: indicatorFigure(row.productivitySum, row.productivityDays),
      mental: indicatorFigure(row.mentalSum, row.mentalDays),
      physical: indicatorFigure(row.physicalSum, row.physicalDays),
    },
    exercises: completion(row.exercisesCompleted ?? 0, due.exercise),
    reflections: completion(row.reflectionsCompleted ?? 0, due.reflection),
    assessments: completion(row.assessmentsCompleted ?? 0, due.assessment),
  };
}

/**
 * The clients-table figures of a set of clients at `now`, in the list's order (last name, first
 * name, id), with their rows: one query whatever the number of clients, then the domain's
 * rules in memory, the timezone work shared between clients of the same zone.
 */
export async function clientSummaries(
  db: Database,
  viewer: FiguresViewer,
  filter: ClientFilter,
  now: Date,
): Promise<{ row: ClientRow; summary: ClientSummary }[]> {
  const rows = await selectClientRows(db, viewer.organisationId, filter, now);
  const clock = createScheduleClock(now);
  const viewerToday = clock.today(viewer.timezone);
  return rows.map((row) => ({
    row,
    summary: summaryOf(row, clock, viewerToday),
  }));
}

function sumCounts(counts: ScheduledCounts): number {
  return counts.reflection + counts.exercise + counts.assessment;
}

/**
 * The schedule of the whole current step, for the step-done check: what is due at the later of
 * now and the local midnight that ends the preferred 7 days, so the 7 planned days, or everything
 * due so far when the step runs longer.
 */
function wholeStepScheduled(
  timeZone: string,
  step: JourneyStep,
  stepStartDate: string,
  now: Date,
): number {
  const plannedEnd = zonedLocalToUtc(
    addDays(stepStartDate, preferredStepLengthDays),
    '00:00',
    timeZone,
  );
  const at = plannedEnd > now ? plannedEnd : now;
  return sumCounts(
    scheduledActionsDue({
      timeZone,
      step,
      stepStartDate,
      today: localDateOf(at, timeZone),
      now: at,
    }),
  );
}

/** The profile header of one client, or null when the filter finds no such client. */
export async function clientProfileSummary(
  db: Database,
  viewer: FiguresViewer,
  clientId: string,
  now: Date,
): Promise<ClientProfileSummary | null> {
  const [found] = await clientSummaries(db, viewer, { clientIds: [clientId] }, now);
  if (found === undefined) return null;
  const { row, summary } = found;
  const kinds = [summary.exercises, summary.reflections, summary.assessments];
  const total = {
    completed: kinds.reduce((sum, count) => sum + count.completed, 0),
    scheduled: kinds.reduce((sum, count) => sum + count.scheduled, 0),
  };
  const whole = wholeStepScheduled(
    row.timezone,
    summary.journey.step,
    summary.journey.startDate,
    now,
  );
  return {
    ...summary,
    aboutMe: row.aboutMe,
    phase: { total, stepDone: isStepDone(total.completed, whole) },
    generatedAt: now.toISOString(),
  };
}

/**
 * A client's daily series from `from` to `to` (a valid range: the caller checks it): one query
 * for the daily rows, one for the started steps; scheduled counts from each date's step.
 */
export async function clientSeries(
  db: Database,
  organisationId: string,
  client: ClientRef,
  from: string,
  to: string,
  now: Date,
): Promise<ClientSeries> {
  const rows = await selectDailyRows(db, organisationId, client.id, from, to);
  const steps = await readStepStarts(db, client);
  const scheduled = scheduledByDate({
    timeZone: client.timezone,
    steps,
    from,
    to,
    today: localDateOf(now, client.timezone),
    now,
  });
  const byDate = new Map(rows.map((row) => [row.localDate, row]));
  const days: SeriesDay[] = scheduled.map((due, index) => {
    const date = addDays(from, index);
    const row = byDate.get(date);
    return {
      date,
      productivity: row?.productivity ?? null,
      mental: row?.mental ?? null,
      physical: row?.physical ?? null,
      usageHours: (row?.usageSeconds ?? 0) / 3600,
      hrv: row?.hrv ?? null,
      pulseRate: row?.pulseRate ?? null,
      respiratoryRate: row?.respiratoryRate ?? null,
      exercises: completion(row?.exercisesCompleted ?? 0, due.exercise),
      reflections: completion(row?.reflectionsCompleted ?? 0, due.reflection),
      assessments: completion(row?.assessmentsCompleted ?? 0, due.assessment),
    };
  });
  return { clientId: client.id, from, to, days };
}

type KeyedItem = ActivityKey & { item: ActivityItem };

/** What an item takes from its history row: key, id, instant, date and step. */
type HistoryRow = { key: string; id: string; at: Date | null } & Pick<
  ActivityItem,
  'localDate' | 'step'
>;

/** A history row as a keyed item; none for a row without an instant (the reads leave them out). */
function keyedItem(
  row: HistoryRow,
  what: Pick<ActivityItem, 'kind' | 'title' | 'status' | 'effect'>,
): KeyedItem[] {
  if (row.at === null) return [];
  const { id, localDate, step } = row;
  return [{ at: row.key, id, item: { id, at: row.at.toISOString(), localDate, step, ...what } }];
}

/**
 * A page of a client's activity history, newest first, after `before`: `limit + 1` rows from
 * each table (surveys, exercises) by their (instant, id) index, merged and cut at `limit`.
 */
export async function activityPage(
  db: Database,
  organisationId: string,
  clientId: string,
  before: ActivityKey | null,
  limit: number,
): Promise<ActivityPage> {
  const surveyRows = await selectSurveyHistory(db, organisationId, clientId, before, limit + 1);
  const exerciseRows = await selectExerciseHistory(db, organisationId, clientId, before, limit + 1);
  const fromSurveys = surveyRows.flatMap((row) =>
    row.type === 'assessment'
      ? keyedItem(row, { kind: 'assessment', title: row.name, status: row.status, effect: null })
      : keyedItem(row, { kind: 'reflection', title: row.type, status: null, effect: null }),
  );
  const fromExercises = exerciseRows.flatMap((row) =>
    keyedItem(row, { kind: 'exercise', title: row.goal, status: null, effect: row.effect }),
  );
  const page = pageNewestFirst([fromSurveys, fromExercises], limit);
  return {
    clientId,
    items: page.items.map((keyed) => keyed.item),
    nextCursor: page.next === null ? null : encodeActivityCursor(page.next),
  };
}
