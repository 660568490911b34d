// The figures of the analytics answers, from the rows of ./store.ts and the domain's rules.
import type {
  ActivityItem,
  ActivityPage,
  AttentionFigures,
  ClientProfileSummary,
  ClientSeries,
  ClientSummary,
  SeriesDay,
} from '@coach/api';
import {
  type ActivityKey,
  addDays,
  ageOn,
  completionCount,
  createScheduleClock,
  encodePageCursor,
  engagement,
  type Gender,
  genders,
  indicatorPhaseOf,
  isFollowUpDue,
  isOneOf,
  type JourneyStep,
  localDateOf,
  type PhaseIndicators,
  pageNewestFirst,
  phaseCompletion,
  phaseIndicators,
  profilePicturePath,
  type ScheduleClock,
  scheduledByDate,
  type UsageSession,
  wholeStepScheduled,
} from '@coach/domain';
import type { Database } from '../../db/index.ts';
import {
  type ClientRef,
  learnStartDate,
  readStepStarts,
  storedLowDaysHold,
} from '../clientRecords/index.ts';
import { type KeptClientRow, selectKeptClientRows } from './listEntries.ts';
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

/**
 * The journey facts of a client row: current step, its start date and day, and the journey's
 * start (learn's: its stored row once a phase change wrote it, else the acceptance date, as
 * `readStepStarts` reads it).
 */
function journeyOf(row: ClientRow, clock: ScheduleClock): ClientSummary['journey'] {
  const step = row.currentStep ?? 'learn';
  const journeyStartDate = row.learnStartDate ?? learnStartDate(row, clock.dateOf);
  const startDate = row.stepStartDate ?? journeyStartDate;
  return {
    step,
    startDate,
    currentDay: clock.currentStepDay(row.timezone, startDate),
    journeyStartDate,
  };
}

function toGender(gender: string | null): Gender | null {
  return isOneOf(genders, gender) ? gender : null;
}

/**
 * The usage sessions engagement needs: those that can touch the 48 h window, and the latest one
 * ended by now (for "last connected"; if it is in the window too, merging counts it once).
 */
function sessionsOf(row: ClientRow): UsageSession[] {
  return row.sessions.map(([started, ended]) => ({
    startedAt: new Date(started),
    endedAt: new Date(ended),
  }));
}

/**
 * The indicator figures of a row: the rule over the phase's totals, with the low days counted by
 * the rule from the recent daily averages when the row carries them (read from the sources), else
 * those the write side judged with the same rule (a kept row's, which hold: {@link keptRowServes}).
 * Over a previous phase there are none.
 */
function indicatorsOf(row: ClientRow, step: JourneyStep): PhaseIndicators {
  const isCurrent = indicatorPhaseOf(step) === step;
  // In grow the row carries sense's totals apart (the current ones count grow's completions).
  const indicators = phaseIndicators(step, isCurrent ? row : row.previousSums, row.recentDaily);
  const stored = row.storedLowDays;
  if (!isCurrent || row.recentDaily !== null || stored === null) return indicators;
  return {
    ...indicators,
    productivity: { ...indicators.productivity, lowDays: stored.productivity.days },
    mental: { ...indicators.mental, lowDays: stored.mental.days },
    physical: { ...indicators.physical, lowDays: stored.physical.days },
  };
}

/** A row with its journey facts at the clock's instant (worked out once per row). */
type RowWithJourney = { row: ClientRow; journey: ClientSummary['journey'] };

/**
 * Whether a kept row gives the figures at the clock's instant, given its journey facts: its
 * sessions are all engagement needs (the instant is on or after the newest session's start), and
 * in a step with its own indicators its stored low days hold at the client's today. Else the
 * client's row is read from the sources.
 */
function keptRowServes(
  row: KeptClientRow,
  journey: ClientSummary['journey'],
  clock: ScheduleClock,
): boolean {
  if (row.newestSessionStart !== null && row.newestSessionStart > clock.now.getTime()) {
    return false;
  }
  if (indicatorPhaseOf(journey.step) !== journey.step) return true;
  const stored = row.storedLowDays;
  return stored !== null && storedLowDaysHold(stored, journey.startDate, clock.today(row.timezone));
}

/** A client's row of the clients table. */
function summaryOf(
  { row, journey }: RowWithJourney,
  clock: ScheduleClock,
  viewerToday: string,
): ClientSummary {
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
      hoursLast24h: used.hoursLast24h,
      ratio: used.bar,
      lastConnectedAt: used.lastConnectedAt?.toISOString() ?? null,
    },
    indicators: indicatorsOf(row, journey.step),
    exercises: completionCount(row.exercisesCompleted ?? 0, due.exercise),
    reflections: completionCount(row.reflectionsCompleted ?? 0, due.reflection),
    assessments: completionCount(row.assessmentsCompleted ?? 0, due.assessment),
    unreadMessages: row.unreadMessages,
    followUp: followUpOf(row, viewerToday),
    review: reviewOf(row, viewerToday),
  };
}

/** The open follow-up as the list shows it: due from its date on, on the viewer's today. */
function followUpOf(row: ClientRow, viewerToday: string): ClientSummary['followUp'] {
  if (row.followUp === null) return null;
  const [dueDate, reason] = row.followUp;
  return { dueDate, reason, isDue: isFollowUpDue(dueDate, viewerToday) };
}

/** The coach's review of the client as the list shows it: today's (the viewer's) only. */
function reviewOf(row: ClientRow, viewerToday: string): ClientSummary['review'] {
  if (row.review === null) return null;
  const [day, reviewedAt, flags, unreadMessages] = row.review;
  return day === viewerToday ? { day, reviewedAt, flags, unreadMessages } : null;
}

/**
 * A coach's clients' rows at the clock's instant, in the list's order, with their journey facts:
 * their kept rows (one statement), and for the few a kept row does not serve (a session dated
 * after the instant, stored low days that do not hold) their rows read from the sources (one more).
 */
async function coachClientRows(
  db: Database,
  organisationId: string,
  coachPersonId: string,
  clock: ScheduleClock,
): Promise<{ rows: RowWithJourney[]; versions: string; attentionFigures: AttentionFigures }> {
  const found = await selectKeptClientRows(db, organisationId, coachPersonId);
  const { versions, attentionFigures } = found;
  const kept = found.rows.map((row) => ({ row, journey: journeyOf(row, clock) }));
  const unserved = new Set(
    kept.filter(({ row, journey }) => !keptRowServes(row, journey, clock)).map(({ row }) => row.id),
  );
  if (unserved.size === 0) return { rows: kept, versions, attentionFigures };
  const read = await selectClientRows(db, organisationId, { clientIds: [...unserved] }, clock.now);
  const fromSources = new Map(read.map((row) => [row.id, row]));
  const rows = kept.flatMap((entry) => {
    if (!unserved.has(entry.row.id)) return [entry];
    // A client deleted between the two statements is left out.
    const source = fromSources.get(entry.row.id);
    return source ? [{ row: source, journey: journeyOf(source, clock) }] : [];
  });
  return { rows, versions, attentionFigures };
}

/**
 * The clients-table figures of a set of clients at `now`, in the list's order (last name, first
 * name, id), with their rows: a coach's from their kept rows, given clients' from the sources
 * (one query whatever the number of clients), then the domain's rules in memory, the timezone
 * work shared between clients of the same zone.
 */
export async function clientSummaries(
  db: Database,
  viewer: FiguresViewer,
  filter: ClientFilter,
  now: Date,
): Promise<{ row: ClientRow; summary: ClientSummary }[]> {
  const clock = createScheduleClock(now);
  const rows =
    'coachPersonId' in filter
      ? (await coachClientRows(db, viewer.organisationId, filter.coachPersonId, clock)).rows
      : (await selectClientRows(db, viewer.organisationId, filter, now)).map((row) => ({
          row,
          journey: journeyOf(row, clock),
        }));
  return summariesOf(rows, clock, viewer);
}

function summariesOf(rows: RowWithJourney[], clock: ScheduleClock, viewer: FiguresViewer) {
  const viewerToday = clock.today(viewer.timezone);
  return rows.map((entry) => ({
    row: entry.row,
    summary: summaryOf(entry, clock, viewerToday),
  }));
}

/**
 * A coach's clients list at `now` (as {@link clientSummaries} with the coach's filter), with the
 * versions of the kept rows it was made from (listAnswers.ts).
 */
export async function coachListSummaries(
  db: Database,
  viewer: FiguresViewer,
  coachPersonId: string,
  now: Date,
): Promise<{ summaries: ClientSummary[]; versions: string; attentionFigures: AttentionFigures }> {
  const clock = createScheduleClock(now);
  const { rows, versions, attentionFigures } = await coachClientRows(
    db,
    viewer.organisationId,
    coachPersonId,
    clock,
  );
  return {
    summaries: summariesOf(rows, clock, viewer).map(({ summary }) => summary),
    versions,
    attentionFigures,
  };
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
  const whole = wholeStepScheduled({
    timeZone: row.timezone,
    step: summary.journey.step,
    stepStartDate: summary.journey.startDate,
    now,
  });
  return {
    ...summary,
    aboutMe: row.aboutMe ?? '',
    phase: phaseCompletion([summary.exercises, summary.reflections, summary.assessments], whole),
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
      exercises: completionCount(row?.exercisesCompleted ?? 0, due.exercise),
      reflections: completionCount(row?.reflectionsCompleted ?? 0, due.reflection),
      assessments: completionCount(row?.assessmentsCompleted ?? 0, due.assessment),
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
    nextCursor: page.next === null ? null : encodePageCursor(page.next),
  };
}
