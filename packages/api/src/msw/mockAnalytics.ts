import {
  addDays,
  ageOn,
  compareNewestFirst,
  completionFigures,
  currentStepDay,
  dailyIndicatorAverages,
  engagement,
  type Indicator,
  indicatorDecimals,
  localDateOf,
  phaseCompletion,
  recordedPhaseIndicators,
  roundTo,
  scheduledByDate,
  sortStepStarts,
  stepCompletionFigures,
  utcOffsetMinutes,
  wholeStepScheduled,
} from '@coach/domain';
import type {
  ActivityItem,
  ClientProfileSummary,
  ClientSummary,
  SeriesDay,
} from '../contract/analytics.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { stepStartsOfJourney } from './fixtures/mockJourney.ts';
import { coachPerson } from './fixtures.ts';

// The mocks' analytics: the answers of the analytics calls read from a client's records, every
// figure by the domain's rules (as the server's rollups keep them), nothing computed here.

/**
 * What a client's row holds from the other services' mocks: their thread and follow-up, and the
 * coach's review of today (none when not given).
 */
export type SummaryExtras = Pick<ClientSummary, 'unreadMessages' | 'followUp'> &
  Partial<Pick<ClientSummary, 'review'>>;

const noExtras: SummaryExtras = { unreadMessages: 0, followUp: null };

/**
 * A client's row of the clients table at `now` (ages on the demo coach's today), with the unread
 * messages of their thread and their open follow-up.
 */
export function summaryOf(
  record: MockClientRecord,
  now: Date = mockNow,
  extras: SummaryExtras = noExtras,
): ClientSummary {
  const { person, journey } = record;
  const timeZone = person.timezone;
  const today = localDateOf(now, timeZone);
  const steps = stepStartsOfJourney(journey);
  const used = engagement(record.usageSessions, now);
  return {
    clientId: person.id,
    userId: person.userId,
    firstName: person.firstName,
    lastName: person.lastName,
    email: record.email,
    profilePicture: person.profilePicture,
    age: ageOn(person.birthDate, localDateOf(now, coachPerson.timezone)),
    gender: person.gender,
    timezone: timeZone,
    utcOffsetMinutes: utcOffsetMinutes(now, timeZone),
    journey: {
      step: journey.currentStep,
      currentDay: currentStepDay(journey.startDate, now, timeZone),
      startDate: journey.startDate,
      journeyStartDate: sortStepStarts(steps)[0]?.startDate ?? journey.startDate,
    },
    engagement: {
      hours: used.hours,
      hoursLast24h: used.hoursLast24h,
      ratio: used.bar,
      lastConnectedAt: used.lastConnectedAt?.toISOString() ?? null,
    },
    indicators: recordedPhaseIndicators(record.reflections, steps, journey.currentStep, today),
    ...stepCompletionFigures({
      events: record.events,
      timeZone,
      step: journey.currentStep,
      stepStartDate: journey.startDate,
      today,
      now,
    }),
    review: null,
    ...extras,
  };
}

/** A client's profile header at `now`. */
export function profileSummaryOf(
  record: MockClientRecord,
  now: Date = mockNow,
  extras: SummaryExtras = noExtras,
): ClientProfileSummary {
  const summary = summaryOf(record, now, extras);
  const whole = wholeStepScheduled({
    timeZone: record.person.timezone,
    step: summary.journey.step,
    stepStartDate: summary.journey.startDate,
    now,
  });
  return {
    ...summary,
    aboutMe: record.person.aboutMe,
    phase: phaseCompletion([summary.exercises, summary.reflections, summary.assessments], whole),
    generatedAt: now.toISOString(),
  };
}

/** A client's series: one entry per local date of the range (a valid range). */
export function seriesDaysOf(
  record: MockClientRecord,
  from: string,
  to: string,
  now: Date = mockNow,
): SeriesDay[] {
  const timeZone = record.person.timezone;
  const scheduled = scheduledByDate({
    timeZone,
    steps: stepStartsOfJourney(record.journey),
    from,
    to,
    today: localDateOf(now, timeZone),
    now,
  });
  const averages = {
    productivity: dailyIndicatorAverages(record.reflections, 'productivity'),
    mental: dailyIndicatorAverages(record.reflections, 'mental'),
    physical: dailyIndicatorAverages(record.reflections, 'physical'),
  };
  return scheduled.map((due, index) => {
    const date = addDays(from, index);
    const mean = (field: Indicator) => {
      const value = averages[field].get(date);
      return value === undefined ? null : roundTo(value, indicatorDecimals);
    };
    const device = record.deviceDays.get(date);
    return {
      date,
      productivity: mean('productivity'),
      mental: mean('mental'),
      physical: mean('physical'),
      usageHours: device?.usageHours ?? 0,
      hrv: device?.hrv ?? null,
      pulseRate: device?.pulseRate ?? null,
      respiratoryRate: device?.respiratoryRate ?? null,
      ...completionFigures(
        record.events.filter((event) => event.localDate === date),
        due,
      ),
    };
  });
}

/** A client's activity history, newest first (assessments started, reflections, exercises). */
export function activityOf(record: MockClientRecord): ActivityItem[] {
  const items: ActivityItem[] = [
    ...record.reflections.map(
      (reflection): ActivityItem => ({
        kind: 'reflection',
        id: reflection.id,
        at: reflection.answeredAt,
        localDate: reflection.localDate,
        step: reflection.step,
        title: reflection.type,
        status: null,
        effect: null,
      }),
    ),
    ...record.exercises.map(
      (exercise): ActivityItem => ({
        kind: 'exercise',
        id: exercise.id,
        at: exercise.completedAt,
        localDate: exercise.localDate,
        step: exercise.step,
        title: exercise.goal,
        status: null,
        effect: exercise.effect,
      }),
    ),
    ...record.assessments.flatMap((assessment): ActivityItem[] =>
      assessment.id === null || assessment.answeredAt === null
        ? []
        : [
            {
              kind: 'assessment',
              id: assessment.id,
              at: assessment.answeredAt,
              localDate: assessment.date,
              step: assessment.step,
              title: assessment.name,
              status: assessment.status,
              effect: null,
            },
          ],
    ),
  ];
  return items.sort(compareNewestFirst);
}
