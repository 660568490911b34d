import type { Indicator } from '@coach/domain';
import {
  addDays,
  ageOn,
  compareNewestFirst,
  completionCount,
  currentStepDay,
  engagement,
  engagementWindowHours,
  goalEffectNames,
  indicatorDecimals,
  indicatorPhaseOf,
  type JourneyStep,
  journeyStepNames,
  localDateOf,
  maxLowDays,
  nextPhaseOf,
  type PhaseIndicatorSums,
  phaseCompletion,
  phaseIndicators,
  plannedEvents,
  profilePicturePath,
  type RecentDailyIndicators,
  roundTo,
  type StepStart,
  scheduledActionsDue,
  scheduledByDate,
  seededRandom,
  sortStepStarts,
  stepOfDate,
  type UsageSession,
  utcOffsetMinutes,
  wholeStepScheduled,
  zonedLocalToUtc,
} from '@coach/domain';
import type { Person } from '../contract/account.ts';
import type {
  ActivityItem,
  ClientProfileSummary,
  ClientSummary,
  SeriesDay,
} from '../contract/analytics.ts';
import type { CalendarEvent } from '../contract/calendar.ts';
import type { Exercise } from '../contract/exercise.ts';
import type { Journey, JourneyStepEntry, PhaseChangeBody } from '../contract/journey.ts';
import type { Assessment, Reflection } from '../contract/survey.ts';
import { clientPerson, coachPerson, fixtureIds, secondClientPerson } from './fixtures.ts';

type Step = JourneyStep;

/**
 * The mocks' "now": the fixed clock of the stories (`.storybook/clock.ts`), a Monday morning in
 * London where the demo coach works.
 */
export const mockNow = new Date('2026-11-16T09:30:00.000Z');

/** Days of data before today the fixtures hold (the series, calendar and lists). */
export const mockHistoryDays = 30;

/** What makes one mock client different from the others. */
type ClientSpec = {
  person: Person;
  email: string;
  /** Days before today each started step began (learn first). */
  stepsAgo: Partial<Record<Step, number>>;
  engagementHours: number;
  /** Minutes before now the app was last in use; null: never. */
  lastConnectedMinutesAgo: number | null;
  /** Target answers (percent) of the reflections; null: the client never reflects. */
  answers: { productivity: number; mental: number; physical: number } | null;
  /** How far answers wander from the targets, percent points. */
  spread: number;
  /** Share of scheduled reflections, exercises and assessments done, 0..1. */
  diligence: number;
};

const clientId = (index: number) =>
  `00000000-0000-4000-8000-${String(100 + index).padStart(12, '0')}`;
const userId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

function client(
  index: number,
  fields: Pick<Person, 'firstName' | 'lastName' | 'timezone' | 'gender' | 'birthDate'> &
    Partial<Pick<Person, 'aboutMe'>> & { picture?: boolean },
): Person {
  const id = clientId(index);
  return {
    id,
    userId: userId(index),
    type: 'user',
    firstName: fields.firstName,
    lastName: fields.lastName,
    aboutMe: fields.aboutMe ?? '',
    profilePicture: fields.picture ? profilePicturePath(id) : null,
    timezone: fields.timezone,
    gender: fields.gender,
    birthDate: fields.birthDate,
    coachId: fixtureIds.coachPerson,
  };
}

/** Ids of the mock clients the stories single out. */
export const mockClientIds = {
  /** Jamie Lee (New York): sense day 5, mental lagging, every effect level, all assessment statuses. */
  jamie: fixtureIds.clientPerson,
  /** Maria-Fernanda (London): learn, every indicator lagging, a scheduled assessment never started. */
  maria: fixtureIds.secondClientPerson,
  /** Noah Kim (Los Angeles): accepted in the night, before any window or slot opened: 0/0, no data. */
  noah: clientId(4),
  /** Aiko Tanaka (Tokyo): grow, so a phase change answers 409 'No new phases are planned yet'. */
  aiko: clientId(5),
  /** Kai Teriba (Tarawa, 12 h from London): every indicator exactly 70 %, not lagging. */
  kai: clientId(10),
  /** Fatima Al-Sayed (Dubai): 15 h of use in 48 h, the engagement bar full. */
  fatima: clientId(13),
} as const;

/** The demo coach's clients as the fixtures describe them (14, varied on purpose). */
const clientSpecs: ClientSpec[] = [
  {
    person: clientPerson,
    email: 'client@example.com',
    stepsAgo: { learn: 12, sense: 4 },
    engagementHours: 3.2,
    lastConnectedMinutesAgo: 50,
    answers: { productivity: 76, mental: 61, physical: 82 },
    spread: 8,
    diligence: 0.7,
  },
  {
    person: secondClientPerson,
    email: 'maria@example.com',
    stepsAgo: { learn: 2 },
    engagementHours: 0.5,
    lastConnectedMinutesAgo: 20 * 60,
    answers: { productivity: 55, mental: 60, physical: 58 },
    spread: 6,
    diligence: 0.35,
  },
  {
    person: client(4, {
      firstName: 'Noah',
      lastName: 'Kim',
      timezone: 'America/Los_Angeles',
      gender: 'male',
      birthDate: '2001-02-03',
    }),
    email: 'noah@example.com',
    stepsAgo: { learn: 0 },
    engagementHours: 0,
    lastConnectedMinutesAgo: null,
    answers: null,
    spread: 0,
    diligence: 0,
  },
  {
    person: client(5, {
      firstName: 'Aiko',
      lastName: 'Tanaka',
      timezone: 'Asia/Tokyo',
      gender: 'female',
      birthDate: '1979-07-21',
      aboutMe: 'Marathon runner preparing for Boston.',
      picture: true,
    }),
    email: 'aiko@example.com',
    stepsAgo: { learn: 28, sense: 20, grow: 11 },
    engagementHours: 12.5,
    lastConnectedMinutesAgo: 5,
    answers: { productivity: 88, mental: 91, physical: 86 },
    spread: 4,
    diligence: 0.95,
  },
  {
    person: client(6, {
      firstName: 'Lars',
      lastName: 'Eriksson',
      timezone: 'Europe/Stockholm',
      gender: 'male',
      birthDate: '1990-12-01',
      picture: true,
    }),
    email: 'lars@example.com',
    stepsAgo: { learn: 16, sense: 8 },
    engagementHours: 7.8,
    lastConnectedMinutesAgo: 95,
    answers: { productivity: 91, mental: 89, physical: 94 },
    spread: 5,
    diligence: 0.95,
  },
  {
    person: client(7, {
      firstName: 'Priya',
      lastName: 'Natarajan',
      timezone: 'Asia/Kolkata',
      gender: 'female',
      birthDate: '1988-05-17',
      picture: true,
    }),
    email: 'priya@example.com',
    stepsAgo: { learn: 5 },
    engagementHours: 1.1,
    lastConnectedMinutesAgo: 6 * 60,
    answers: { productivity: 64, mental: 72, physical: 69 },
    spread: 7,
    diligence: 0.6,
  },
  {
    person: client(8, {
      firstName: 'Tomás',
      lastName: 'Herrera',
      timezone: 'America/Mexico_City',
      gender: 'male',
      birthDate: '1995-10-09',
    }),
    email: 'tomas@example.com',
    stepsAgo: { learn: 10, sense: 1 },
    engagementHours: 0.2,
    lastConnectedMinutesAgo: 5 * 24 * 60,
    answers: { productivity: 40, mental: 35, physical: 52 },
    spread: 10,
    diligence: 0.2,
  },
  {
    person: client(9, {
      firstName: 'Chloé',
      lastName: 'Dubois',
      timezone: 'Europe/Paris',
      gender: 'female',
      birthDate: '1983-03-30',
      picture: true,
    }),
    email: 'chloe@example.com',
    stepsAgo: { learn: 6 },
    engagementHours: 9.9,
    lastConnectedMinutesAgo: 15,
    answers: { productivity: 79, mental: 83, physical: 77 },
    spread: 6,
    diligence: 0.9,
  },
  {
    person: client(10, {
      firstName: 'Kai',
      lastName: 'Teriba',
      timezone: 'Pacific/Tarawa',
      gender: null,
      birthDate: null,
      picture: true,
    }),
    email: 'kai@example.com',
    stepsAgo: { learn: 11, sense: 3 },
    engagementHours: 4.4,
    lastConnectedMinutesAgo: 10 * 60,
    answers: { productivity: 70, mental: 70, physical: 70 },
    spread: 0,
    diligence: 0.6,
  },
  {
    person: client(11, {
      firstName: 'Olivia',
      lastName: 'Brown',
      timezone: 'Australia/Sydney',
      gender: 'female',
      birthDate: '1970-01-15',
    }),
    email: 'olivia@example.com',
    stepsAgo: { learn: 29, sense: 25, grow: 19 },
    engagementHours: 2,
    lastConnectedMinutesAgo: 26 * 60,
    answers: { productivity: 74, mental: 77, physical: 81 },
    spread: 6,
    diligence: 0.5,
  },
  {
    person: client(12, {
      firstName: 'Ben',
      lastName: 'Carter',
      timezone: 'America/Chicago',
      gender: 'male',
      birthDate: '1999-08-08',
    }),
    email: 'ben@example.com',
    stepsAgo: { learn: 13 },
    engagementHours: 0,
    lastConnectedMinutesAgo: 3 * 24 * 60,
    answers: { productivity: 50, mental: 49, physical: 60 },
    spread: 9,
    diligence: 0.15,
  },
  {
    person: client(13, {
      firstName: 'Fatima',
      lastName: 'Al-Sayed',
      timezone: 'Asia/Dubai',
      gender: 'female',
      birthDate: '1992-11-16',
      picture: true,
    }),
    email: 'fatima@example.com',
    stepsAgo: { learn: 14, sense: 6 },
    engagementHours: 15,
    lastConnectedMinutesAgo: 1,
    answers: { productivity: 85, mental: 78, physical: 90 },
    spread: 5,
    diligence: 1,
  },
  {
    person: client(14, {
      firstName: 'Sofia',
      lastName: 'Rossi',
      timezone: 'Europe/Rome',
      gender: 'female',
      birthDate: '2004-06-30',
    }),
    email: 'sofia@example.com',
    stepsAgo: { learn: 1 },
    engagementHours: 0.75,
    lastConnectedMinutesAgo: 3 * 60,
    answers: { productivity: 100, mental: 100, physical: 100 },
    spread: 0,
    diligence: 1,
  },
  {
    person: client(15, {
      firstName: 'Hana',
      lastName: 'Novák',
      timezone: 'Europe/Prague',
      gender: null,
      birthDate: '1986-09-12',
    }),
    email: 'hana@example.com',
    stepsAgo: { learn: 9, sense: 0 },
    engagementHours: 6,
    lastConnectedMinutesAgo: 40,
    answers: { productivity: 12, mental: 25, physical: 30 },
    spread: 10,
    diligence: 0.3,
  },
];

/** Everything the mocks serve about one client; handlers read and change it. */
export type MockClientRecord = {
  person: Person;
  email: string;
  journey: Journey;
  /** The app's usage sessions (the engagement figures come from them by the server's rule). */
  usageSessions: UsageSession[];
  /** Every event from `mockHistoryDays` ago to a week ahead, by start time. */
  events: CalendarEvent[];
  /** Newest first. */
  reflections: Reflection[];
  /** Newest first. */
  assessments: Assessment[];
  /** Newest first. */
  exercises: Exercise[];
  /** Ids of the device samples and sessions received (by `postDeviceMetrics`). */
  receivedIds: Set<string>;
  /** Device and usage figures by local date (what the app sent). */
  deviceDays: Map<string, Pick<SeriesDay, 'usageHours' | 'hrv' | 'pulseRate' | 'respiratoryRate'>>;
};

/** A deterministic UUID from a kind (0..255), a client index and a counter. */
function mockUuid(kind: number, index: number, counter: number): string {
  const hex = (value: number, length: number) => value.toString(16).padStart(length, '0');
  return `${hex(kind, 8)}-${hex(index, 4)}-4000-8000-${hex(counter, 12)}`;
}

/** The goals and BPM each coach-started step gets in the fixtures. */
const stepPlans: Record<Exclude<Step, 'learn'>, Omit<PhaseChangeBody, 'nextPhase'>> = {
  sense: { goals: ['stressBalance', 'breathing'], bpm: 8, goalChoices: ['calm', 'focus'] },
  grow: {
    goals: ['productivity', 'athleticPerformance'],
    bpm: 6,
    goalChoices: ['energy', 'focus', 'calm'],
  },
};

const assessmentNames: Record<Step, string> = {
  learn: 'Baseline wellbeing',
  sense: 'Stress and recovery check-in',
  grow: 'Performance review',
};

/** The started steps of a journey, in journey order (what the calendar rules read). */
export function stepStartsOfJourney(journey: Journey): StepStart[] {
  return journey.steps.flatMap((entry) =>
    entry.startDate === null ? [] : [{ step: entry.step, startDate: entry.startDate }],
  );
}

/** Builds the journey of a client from the days ago each step started. */
function buildJourney(
  person: Person,
  stepsAgo: ClientSpec['stepsAgo'],
  today: string,
  now: Date,
): Journey {
  const started = journeyStepNames.filter((step) => stepsAgo[step] !== undefined);
  const currentStep = started[started.length - 1] ?? 'learn';
  const startOf = (step: Step) => addDays(today, -(stepsAgo[step] ?? 0));
  // Started in the morning of the start date, or half an hour ago when that is still to come.
  const startedAtOf = (step: Step) => {
    const morning = zonedLocalToUtc(
      startOf(step),
      step === 'learn' ? '08:00' : '10:15',
      person.timezone,
    );
    return new Date(Math.min(morning.getTime(), now.getTime() - 30 * 60_000));
  };
  const steps: JourneyStepEntry[] = started.map((step, index) => {
    const next = started[index + 1];
    const plan = step === 'learn' ? null : stepPlans[step];
    return {
      step,
      status: next ? 'completed' : 'active',
      startDate: startOf(step),
      goals: plan ? [...plan.goals] : [],
      bpm: plan ? plan.bpm : null,
      goalChoices: plan ? [...plan.goalChoices] : [],
      startedByPersonId: step === 'learn' ? null : fixtureIds.coachPerson,
      startedAt: startedAtOf(step).toISOString(),
      completedAt: next ? startedAtOf(next).toISOString() : null,
    };
  });
  const startDate = startOf(currentStep);
  return {
    clientId: person.id,
    currentStep,
    startDate,
    currentDay: currentStepDay(startDate, now, person.timezone),
    timezone: person.timezone,
    steps,
    ...nextPhaseOf(currentStep),
  };
}

/** The calendar events of a journey's plan from `from` to `to` (none completed yet). */
export function calendarEventsOf(
  journey: Journey,
  from: string,
  to: string,
  makeId: () => string,
): CalendarEvent[] {
  return plannedEvents(journey.timezone, stepStartsOfJourney(journey), from, to).map((event) => ({
    id: makeId(),
    step: event.step,
    entityType: event.entityType,
    kind: event.kind,
    slot: event.slot,
    surveyType: event.surveyType,
    status: 'active',
    localDate: event.localDate,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    completedAt: null,
  }));
}

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

const hourMs = 3_600_000;
/** The longest usage session the fixtures make, in hours. */
const mockSessionHours = 1.5;
const engagementWindowMs = engagementWindowHours * hourMs;

/**
 * Usage sessions giving the spec's hours of use in the 48 h before `now`, the last one ending at
 * its last connection: sessions of at most 1.5 h, their ends spread evenly back from the last
 * connection through the window. A last connection before the window gets one session there
 * (the spec's hours then only shape the daily usage).
 */
function usageSessionsOf(spec: ClientSpec, now: Date): UsageSession[] {
  if (spec.lastConnectedMinutesAgo === null) return [];
  const lastEnd = now.getTime() - spec.lastConnectedMinutesAgo * 60_000;
  const available = engagementWindowMs - spec.lastConnectedMinutesAgo * 60_000;
  const session = (end: number, length: number): UsageSession => ({
    startedAt: new Date(end - length),
    endedAt: new Date(end),
  });
  if (available <= 0) {
    return [session(lastEnd, Math.round(Math.min(spec.engagementHours, 1) * hourMs))];
  }
  const totalMs = Math.round(Math.min(spec.engagementHours * hourMs, available));
  const count = Math.max(1, Math.ceil(totalMs / (mockSessionHours * hourMs)));
  const spacing = available / count;
  const length = Math.floor(totalMs / count);
  return Array.from({ length: count }, (_, index) =>
    session(
      Math.round(lastEnd - index * spacing),
      length + (index === 0 ? totalMs - length * count : 0),
    ),
  );
}

/** Builds every record of one client, deterministically from its spec. */
function buildClient(spec: ClientSpec, index: number, now: Date): MockClientRecord {
  const { person } = spec;
  const random = seededRandom(index * 7919 + 17);
  const today = localDateOf(now, person.timezone);
  const journey = buildJourney(person, spec.stepsAgo, today, now);
  let counter = 0;
  const nextId = (kind: number) => mockUuid(kind, index, ++counter);
  const events: CalendarEvent[] = [];
  const reflections: Reflection[] = [];
  const assessments: Assessment[] = [];
  const exercises: Exercise[] = [];
  const deviceDays: MockClientRecord['deviceDays'] = new Map();
  let effectTurn = 0;

  for (let offset = -mockHistoryDays; offset <= 7; offset += 1) {
    const date = addDays(today, offset);
    const dayEvents = calendarEventsOf(journey, date, date, () => nextId(1));
    for (const event of dayEvents) {
      const opened = Date.parse(event.startsAt) <= now.getTime();
      if (!opened) continue;
      // Assessments get their statuses below; a client without answers never reflects.
      if (event.kind === 'assessment') continue;
      if (event.entityType === 'survey' && spec.answers === null) continue;
      if (random() >= spec.diligence) continue;
      const completedAt = new Date(
        Math.min(
          Date.parse(event.startsAt) + (10 + Math.floor(random() * 40)) * 60_000,
          now.getTime(),
        ),
      ).toISOString();
      event.status = 'completed';
      event.completedAt = completedAt;
      if (event.entityType === 'survey' && spec.answers) {
        const answer = (target: number) => clamp(target + (random() * 2 - 1) * spec.spread);
        reflections.push({
          id: nextId(2),
          type: event.surveyType === 'morningReflection' ? 'morningReflection' : 'reflection',
          step: event.step,
          window: event.kind,
          localDate: date,
          answeredAt: completedAt,
          productivity: answer(spec.answers.productivity),
          mental: answer(spec.answers.mental),
          physical: answer(spec.answers.physical),
          note: random() < 0.2 ? 'Busy day, short on sleep.' : '',
        });
      } else if (event.entityType === 'exercise') {
        exercises.push(buildExercise(journey, event, nextId(3), completedAt, random, effectTurn));
        effectTurn += 1;
      }
    }
    events.push(...dayEvents);
    if (offset <= 0 && date >= (journey.steps[0]?.startDate ?? today)) {
      const hasDevice = spec.engagementHours > 0 && random() < 0.85;
      deviceDays.set(date, {
        usageHours: hasDevice ? Math.round(random() * spec.engagementHours * 10) / 20 : 0,
        hrv: hasDevice ? Math.round(35 + random() * 40) : null,
        pulseRate: hasDevice ? Math.round(55 + random() * 25) : null,
        respiratoryRate: hasDevice ? Math.round((10 + random() * 6) * 10) / 10 : null,
      });
    }
  }

  // One assessment per started step, on its start date; the statuses vary by diligence.
  for (const entry of journey.steps) {
    const scheduled = events.find(
      (event) => event.kind === 'assessment' && event.localDate === entry.startDate,
    );
    if (!scheduled || Date.parse(scheduled.startsAt) > now.getTime()) continue;
    const isCurrent = entry.step === journey.currentStep;
    const status: Assessment['status'] =
      spec.diligence >= 0.5
        ? isCurrent && spec.diligence < 0.8
          ? 'inProgress'
          : 'complete'
        : 'incomplete';
    const answeredAt =
      status === 'incomplete' ? null : new Date(Date.parse(scheduled.startsAt) + 11 * 3_600_000);
    const started = status !== 'incomplete';
    if (status === 'complete' && answeredAt) {
      scheduled.status = 'completed';
      scheduled.completedAt = answeredAt.toISOString();
    }
    assessments.push({
      id: started ? nextId(4) : null,
      calendarEventId: scheduled.id,
      name: assessmentNames[entry.step],
      step: entry.step,
      date: scheduled.localDate,
      status,
      answeredAt: answeredAt
        ? new Date(Math.min(answeredAt.getTime(), now.getTime())).toISOString()
        : null,
    });
  }
  if (person.id === mockClientIds.jamie) {
    // An unscheduled assessment the client gave up: Jamie shows all three statuses.
    const date = addDays(today, -2);
    assessments.push({
      id: nextId(4),
      calendarEventId: null,
      name: 'Sleep habits',
      step: journey.currentStep,
      date,
      status: 'incomplete',
      answeredAt: zonedLocalToUtc(date, '20:40', person.timezone).toISOString(),
    });
  }

  const newestFirst = <T>(items: T[], at: (item: T) => string) =>
    items.sort((a, b) => at(b).localeCompare(at(a)));
  newestFirst(reflections, (item) => item.answeredAt);
  newestFirst(exercises, (item) => item.completedAt);
  newestFirst(assessments, (item) => `${item.date}${item.answeredAt ?? ''}`);
  events.sort((a, b) => a.startsAt.localeCompare(b.startsAt));

  return {
    person,
    email: spec.email,
    journey,
    usageSessions: usageSessionsOf(spec, now),
    events,
    reflections,
    assessments,
    exercises,
    deviceDays,
    receivedIds: new Set(),
  };
}

/** Before/after measures whose change gives each effect level in turn (and one unusable). */
const effectMeasures: Record<(typeof goalEffectNames)[number] | 'none', [number, number]> = {
  negative: [60, 42],
  moderatelyNegative: [60, 55],
  neutral: [60, 61],
  moderatelyPositive: [60, 66],
  positive: [60, 78],
  none: [0, 0],
};

function buildExercise(
  journey: Journey,
  event: CalendarEvent,
  id: string,
  completedAt: string,
  random: () => number,
  turn: number,
): Exercise {
  const entry = journey.steps.find((candidate) => candidate.step === event.step);
  const levels = [...goalEffectNames, 'none'] as const;
  const level = levels[turn % levels.length] ?? 'none';
  const [hrvBefore, hrvAfter] = effectMeasures[level];
  const goals = entry?.goalChoices.length ? entry.goalChoices : (['learn'] as const);
  const startedAt = new Date(Date.parse(completedAt) - 10 * 60_000).toISOString();
  const usable = level !== 'none';
  return {
    id,
    step: event.step,
    goal: goals[turn % goals.length] ?? 'learn',
    stepGoal: entry?.goals[turn % Math.max(entry.goals.length, 1)] ?? null,
    bpm: entry?.bpm ?? null,
    localDate: event.localDate,
    startedAt,
    completedAt,
    before: {
      hrv1: usable ? hrvBefore : null,
      hrv2: usable ? hrvBefore + 2 : null,
      pulseRate: usable ? Math.round(70 + random() * 8) : null,
      respiratoryRate: null,
    },
    after: {
      hrv1: usable ? hrvAfter : null,
      hrv2: usable ? hrvAfter + 2 : null,
      pulseRate: usable ? Math.round(62 + random() * 8) : null,
      respiratoryRate: null,
    },
    result: usable ? 'Felt calmer afterwards' : 'The sensor gave no reading',
    effect: usable ? level : null,
    calendarEventId: event.id,
  };
}

let builtClients: MockClientRecord[] | undefined;

/**
 * Fresh records of every mock client of the demo coach at {@link mockNow}: independent copies on
 * each call (built once, then cloned, since stories and tests create many states).
 */
export function createMockClients(): MockClientRecord[] {
  builtClients ??= clientSpecs.map((spec, index) =>
    buildClient({ ...spec, person: { ...spec.person } }, index + 1, mockNow),
  );
  return structuredClone(builtClients);
}

/** The mock users (sign-in) of the clients beyond the fixtures' own. */
export const mockClientUsers = clientSpecs.map((spec) => ({
  id: spec.person.userId,
  email: spec.email,
  password: spec.person.id === fixtureIds.secondClientPerson ? 'Maria123!' : 'Client123!',
}));

// ---- Figures: the server's rules over the records ----

const isExercise = (event: CalendarEvent) => event.entityType === 'exercise';
const isReflection = (event: CalendarEvent) =>
  event.entityType === 'survey' && event.kind !== 'assessment';
const isAssessment = (event: CalendarEvent) => event.kind === 'assessment';

/** The average of each local date's answers to one indicator, by date. */
function dailyAverages(reflections: readonly Reflection[], field: Indicator): Map<string, number> {
  const byDay = new Map<string, number[]>();
  for (const reflection of reflections) {
    byDay.set(reflection.localDate, [
      ...(byDay.get(reflection.localDate) ?? []),
      reflection[field],
    ]);
  }
  return new Map(
    [...byDay].map(([date, values]) => [
      date,
      values.reduce((sum, value) => sum + value, 0) / values.length,
    ]),
  );
}

/**
 * A phase's indicator totals as the server keeps them: the sum of the daily averages over the
 * phase's local dates and the number of days that have one.
 */
function indicatorSums(
  reflections: readonly Reflection[],
  starts: readonly StepStart[],
  phase: Step,
): PhaseIndicatorSums {
  const inPhase = reflections.filter(
    (reflection) => stepOfDate(starts, reflection.localDate)?.step === phase,
  );
  const totals = (field: Indicator) => {
    const daily = [...dailyAverages(inPhase, field).values()];
    return [daily.reduce((total, value) => total + value, 0), daily.length] as const;
  };
  const [productivitySum, productivityDays] = totals('productivity');
  const [mentalSum, mentalDays] = totals('mental');
  const [physicalSum, physicalDays] = totals('physical');
  return { productivitySum, productivityDays, mentalSum, mentalDays, physicalSum, physicalDays };
}

/**
 * The current phase's daily averages that `lowDays` reads, as the server selects them: the days
 * with a figure from the phase's start to `today` (at most the last `maxLowDays`), newest first.
 */
function recentDailyIndicators(
  reflections: readonly Reflection[],
  starts: readonly StepStart[],
  step: Step,
  today: string,
): RecentDailyIndicators {
  const earliest = addDays(today, 1 - maxLowDays);
  const inPhase = reflections.filter(
    (reflection) =>
      reflection.localDate <= today &&
      reflection.localDate >= earliest &&
      stepOfDate(starts, reflection.localDate)?.step === step,
  );
  const newestFirst = (field: Indicator) =>
    [...dailyAverages(inPhase, field)]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([, value]) => value);
  return {
    productivity: newestFirst('productivity'),
    mental: newestFirst('mental'),
    physical: newestFirst('physical'),
  };
}

/** A client's row of the clients table at `now` (ages on the demo coach's today). */
export function summaryOf(record: MockClientRecord, now: Date = mockNow): ClientSummary {
  const { person, journey } = record;
  const timeZone = person.timezone;
  const due = scheduledActionsDue({
    timeZone,
    step: journey.currentStep,
    stepStartDate: journey.startDate,
    today: localDateOf(now, timeZone),
    now,
  });
  const done = record.events.filter(
    (event) =>
      event.step === journey.currentStep &&
      event.localDate >= journey.startDate &&
      event.status === 'completed',
  );
  const completed = (match: (event: CalendarEvent) => boolean) => done.filter(match).length;
  const starts = sortStepStarts(stepStartsOfJourney(journey));
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
      journeyStartDate: starts[0]?.startDate ?? journey.startDate,
    },
    engagement: {
      hours: used.hours,
      hoursLast24h: used.hoursLast24h,
      ratio: used.bar,
      lastConnectedAt: used.lastConnectedAt?.toISOString() ?? null,
    },
    indicators: phaseIndicators(
      journey.currentStep,
      indicatorSums(record.reflections, starts, indicatorPhaseOf(journey.currentStep)),
      recentDailyIndicators(
        record.reflections,
        starts,
        journey.currentStep,
        localDateOf(now, timeZone),
      ),
    ),
    exercises: completionCount(completed(isExercise), due.exercise),
    reflections: completionCount(completed(isReflection), due.reflection),
    assessments: completionCount(completed(isAssessment), due.assessment),
  };
}

/** A client's profile header at `now`. */
export function profileSummaryOf(
  record: MockClientRecord,
  now: Date = mockNow,
): ClientProfileSummary {
  const summary = summaryOf(record, now);
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
    productivity: dailyAverages(record.reflections, 'productivity'),
    mental: dailyAverages(record.reflections, 'mental'),
    physical: dailyAverages(record.reflections, 'physical'),
  };
  return scheduled.map((due, index) => {
    const date = addDays(from, index);
    const mean = (field: Indicator) => {
      const value = averages[field].get(date);
      return value === undefined ? null : roundTo(value, indicatorDecimals);
    };
    const done = record.events.filter(
      (event) => event.localDate === date && event.status === 'completed',
    );
    const completed = (match: (event: CalendarEvent) => boolean) => done.filter(match).length;
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
      exercises: completionCount(completed(isExercise), due.exercise),
      reflections: completionCount(completed(isReflection), due.reflection),
      assessments: completionCount(completed(isAssessment), due.assessment),
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
