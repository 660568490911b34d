import type {
  ExerciseMeasures,
  PhaseChangeBody,
  RecordExerciseBody,
  SubmitAssessmentBody,
  SubmitReflectionBody,
} from '@coach/api';
import {
  type AssessmentStatus,
  addDays,
  type BreathsPerMinute,
  daysBetween,
  type ExerciseGoal,
  type ExerciseStepGoal,
  eventsOfDay,
  exerciseStepGoalNames,
  hasReflections,
  type JourneyStep,
  journeyStepNames,
  localDateOf,
  type MetricSampleInput,
  type PlannedCalendarEvent,
  type StepStart,
  stepOfDate,
  type UsageSessionInput,
  zonedLocalToUtc,
} from '@coach/domain';
import { deterministicUuid, type Random, randomFor } from './random.ts';

// The simulated practice: who the clients are (persona, timezone, phase plan) and what each does
// day by day, as the requests their app and their coach would send. Pure and deterministic: the
// same seed gives the same clients, timestamps, values and ids.

/** How a simulated client behaves. */
const personas = ['engaged', 'steady', 'lagging'] as const;
export type Persona = (typeof personas)[number];

/** The share of each persona in a simulated practice. */
const personaShares: Readonly<Record<Persona, number>> = {
  engaged: 0.35,
  steady: 0.4,
  lagging: 0.25,
};

/** [min, max], both included for integers. */
type Range = readonly [number, number];

/** What a persona does; see {@link personaTraits}. */
type PersonaTraits = {
  /** Reflection windows answered per day, of the five. */
  reflectionsPerDay: Range;
  /** Chance that an exercise slot is done. */
  exerciseShare: number;
  /** Extra practices a day in grow (which schedules no exercise). */
  growPracticesPerDay: Range;
  /** Hours of app use a day. */
  usageHours: Range;
  /** Share of days the client wears the device (samples are sent). */
  deviceDays: number;
  /** The band the client's reflection answers (percent) come from. */
  indicators: Range;
  /** Mean and spread of an exercise's improvement, in percent (HRV up, pulse and breath down). */
  effect: { mean: number; spread: number };
  /** Days in learn before the coach starts sense, and the chance it happens at all. */
  senseAfterDays: Range;
  senseChance: number;
  /** Days in sense before the coach starts grow, and the chance it happens at all. */
  growAfterDays: Range;
  growChance: number;
};

/**
 * The personas' behaviour (engaged, steady and lagging clients), a
 * trait a row with its value for each persona in the order of {@link personas}.
 */
// biome-ignore format: a table, a trait a row, reads best with a row a line.
const traitsByPersona: { [Trait in keyof PersonaTraits]: readonly PersonaTraits[Trait][] } = {
  reflectionsPerDay: [[4, 5], [2, 4], [0, 2]],
  exerciseShare: [0.85, 0.5, 0.15],
  growPracticesPerDay: [[1, 2], [0, 1], [0, 0]],
  usageHours: [[6, 10], [2, 5], [0, 2]],
  deviceDays: [1, 0.85, 0.6],
  indicators: [[70, 95], [60, 85], [35, 70]],
  effect: [{ mean: 14, spread: 8 }, { mean: 7, spread: 9 }, { mean: 0, spread: 11 }],
  senseAfterDays: [[7, 8], [8, 11], [10, 14]],
  senseChance: [1, 1, 0.6],
  growAfterDays: [[10, 16], [12, 18], [14, 20]],
  growChance: [0.6, 0.35, 0.15],
};

/** Each persona's traits: its column of {@link traitsByPersona}. */
const personaTraits = Object.fromEntries(
  personas.map((persona, index) => [
    persona,
    Object.fromEntries(
      Object.entries(traitsByPersona).map(([trait, values]) => [trait, values[index]]),
    ),
  ]),
) as Readonly<Record<Persona, PersonaTraits>>;

/**
 * Timezones of simulated clients: near the coach (Europe/London) and far from them (Tokyo,
 * Auckland, Kiritimati at UTC+14, Los Angeles). Several change clocks in spring and autumn.
 */
export const simulationTimeZones = [
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'Pacific/Auckland',
  'Europe/Berlin',
  'America/Los_Angeles',
  'Pacific/Kiritimati',
  'Asia/Kolkata',
  'Australia/Sydney',
  'America/Sao_Paulo',
] as const;

/** Physiological bands the generated values stay in. */
export const simulatedMeasureBands = {
  hrv: [20, 120],
  pulse: [50, 100],
  respiratory: [6, 20],
} as const satisfies Record<string, Range>;

/** Local wall times of a waking day: readings and app use happen between them. */
const wakingDay = { from: '07:00', to: '23:00' } as const;

const firstNames = [
  'Ava',
  'Ben',
  'Carla',
  'Dev',
  'Elif',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kaia',
  'Leo',
  'Maya',
  'Nils',
  'Olga',
  'Pablo',
  'Rina',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Xavi',
  'Yara',
];
const lastNames = [
  'Abe',
  'Brown',
  'Chen',
  'Diaz',
  'Evans',
  'Fox',
  'Gupta',
  'Hale',
  'Ito',
  'Jensen',
  'Kim',
  'Lund',
  'Moss',
  'Ngata',
  'Ortiz',
  'Park',
  'Quinn',
  'Reyes',
  'Sato',
  'Toth',
  'Usman',
  'Vance',
  'Wong',
];

/** A simulated client: who they are and how their journey goes. */
export type SimulatedClient = {
  /** Names the client in every derived id and PRNG key (unique within a seed). */
  key: string;
  persona: Persona;
  timeZone: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Personal baselines the generated values vary around. */
  baseline: {
    hrv: number;
    pulse: number;
    respiratory: number;
    productivity: number;
    mental: number;
    physical: number;
  };
  /** Days after the previous step's start the coach starts the next one; null: never. */
  phasePlan: {
    senseAfterDays: number | null;
    growAfterDays: number | null;
    sense: PhaseChangeBody;
    grow: PhaseChangeBody;
  };
};

/** Who a simulated client is, when the caller has the names already (the demo accounts). */
export type ClientIdentity = {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  timeZone: string;
};

function phaseRequest(random: Random, nextPhase: 'sense' | 'grow'): PhaseChangeBody {
  const goals = random.shuffle(exerciseStepGoalNames).slice(0, random.int(1, 3));
  const bpmChoices: BreathsPerMinute[] = nextPhase === 'sense' ? [10, 8] : [8, 6];
  const choices: ExerciseGoal[] = ['energy', 'focus', 'calm'];
  return {
    nextPhase,
    goals,
    bpm: random.pick(bpmChoices),
    goalChoices: random.shuffle(choices).slice(0, random.int(2, 3)),
  };
}

/** One simulated client of a persona, in a timezone, with its phase plan and baselines. */
export function simulatedClient(
  seed: number,
  persona: Persona,
  identity: ClientIdentity,
): SimulatedClient {
  const random = randomFor(seed, `client|${identity.key}`);
  const traits = personaTraits[persona];
  const indicator = () => random.float(traits.indicators[0] + 3, traits.indicators[1] - 3);
  const senseAfterDays = random.chance(traits.senseChance)
    ? random.int(...traits.senseAfterDays)
    : null;
  const growAfterDays = random.chance(traits.growChance)
    ? random.int(...traits.growAfterDays)
    : null;
  return {
    ...identity,
    persona,
    baseline: {
      hrv: random.float(35, 85),
      pulse: random.float(58, 80),
      respiratory: random.float(10, 16),
      productivity: indicator(),
      mental: indicator(),
      physical: indicator(),
    },
    phasePlan: {
      senseAfterDays,
      growAfterDays: senseAfterDays === null ? null : growAfterDays,
      sense: phaseRequest(random, 'sense'),
      grow: phaseRequest(random, 'grow'),
    },
  };
}

/**
 * The personas of `count` clients: the shares of {@link personaShares} rounded, in an order
 * shuffled by the seed (so three clients are one of each).
 */
export function personaMix(seed: number, count: number): Persona[] {
  const engaged = Math.round(count * personaShares.engaged);
  const steady = Math.min(count - engaged, Math.round(count * personaShares.steady));
  const list: Persona[] = [
    ...Array<Persona>(engaged).fill('engaged'),
    ...Array<Persona>(steady).fill('steady'),
    ...Array<Persona>(count - engaged - steady).fill('lagging'),
  ];
  return randomFor(seed, 'personas').shuffle(list);
}

/**
 * `count` simulated clients of a run: mixed personas, timezones in turn from
 * {@link simulationTimeZones} (or `timeZones`), names and e-mail addresses derived from the seed
 * (`sim<seed>.client<n>@example.com`) and a password the simulator signs them in with.
 */
export function simulatedClients(
  seed: number,
  count: number,
  timeZones: readonly string[] = simulationTimeZones,
): SimulatedClient[] {
  const mix = personaMix(seed, count);
  const names = randomFor(seed, 'names');
  return mix.map((persona, index) => {
    const number = String(index + 1).padStart(3, '0');
    return simulatedClient(seed, persona, {
      key: `sim-client-${number}`,
      firstName: names.pick(firstNames),
      lastName: names.pick(lastNames),
      email: `sim${seed}.client${number}@example.com`,
      password: `Simulated-${seed}-Client1`,
      timeZone: timeZones[index % timeZones.length] ?? 'UTC',
    });
  });
}

/** One request of the simulated practice, at the instant it is made. */
export type TimelineAction =
  | { type: 'phaseChange'; at: Date; body: PhaseChangeBody }
  | { type: 'reflection'; at: Date; body: SubmitReflectionBody }
  | { type: 'assessment'; at: Date; body: SubmitAssessmentBody }
  | { type: 'exercise'; at: Date; body: RecordExerciseBody }
  | {
      type: 'deviceMetrics';
      at: Date;
      body: { samples: MetricSampleInput[]; sessions: UsageSessionInput[] };
    };

/** The local dates each step of a client starts on; null when it never starts in the plan. */
export type StepStarts = { learn: string; sense: string | null; grow: string | null };

/** The step start dates of a client who accepted the invite at `acceptedAt`. */
export function plannedStepStarts(client: SimulatedClient, acceptedAt: Date): StepStarts {
  const learn = localDateOf(acceptedAt, client.timeZone);
  const { senseAfterDays, growAfterDays } = client.phasePlan;
  const sense = senseAfterDays === null ? null : addDays(learn, senseAfterDays);
  const grow = sense === null || growAfterDays === null ? null : addDays(sense, growAfterDays);
  return { learn, sense, grow };
}

/** The started steps of a plan, in journey order (what `stepOfDate` reads). */
export function stepStartsOf(starts: StepStarts): StepStart[] {
  return journeyStepNames.flatMap((step) => {
    const startDate = starts[step];
    return startDate === null ? [] : [{ step, startDate }];
  });
}

/** What shapes a client's timeline besides the client. */
export type TimelineOptions = {
  seed: number;
  /** When the client accepted the invite: learn starts on its local date. */
  acceptedAt: Date;
  /** The last instant of the timeline (the simulation's end, usually the real now). */
  until: Date;
  /** Minutes between two device readings, [min, max]. Default [30, 60]. */
  readingEveryMinutes?: Range;
  /** Local wall times the app sends its device batch. Default 12:00 and 23:55. */
  syncTimes?: readonly string[];
};

/** The local time a phase change is made: early morning, before the day's first window. */
const phaseChangeHour = '05:00';

/**
 * Everything a client (and their coach, for the phase changes) does from the acceptance to
 * `until`, in time order. Reflections fall inside the windows of the day's step, exercises after
 * their slot opens, the step's assessment inside its window, device batches at the sync times.
 */
export function clientTimeline(
  client: SimulatedClient,
  options: TimelineOptions,
): TimelineAction[] {
  const { seed, acceptedAt, until } = options;
  const starts = plannedStepStarts(client, acceptedAt);
  const stepList = stepStartsOf(starts);
  const lastDate = localDateOf(until, client.timeZone);
  const actions: TimelineAction[] = [];
  const samples: { at: Date; sample: MetricSampleInput }[] = [];
  const sessions: UsageSessionInput[] = [];
  for (const [step, start] of [
    ['sense', starts.sense],
    ['grow', starts.grow],
  ] as const) {
    if (start === null) continue;
    const random = randomFor(seed, `${client.key}|phase|${step}`);
    const at = new Date(
      zonedLocalToUtc(start, phaseChangeHour, client.timeZone).getTime() +
        random.int(0, 50) * 60_000,
    );
    actions.push({ type: 'phaseChange', at, body: client.phasePlan[step] });
  }
  for (const step of ['learn', 'sense', 'grow'] as const) {
    const start = starts[step];
    if (start !== null) actions.push(...assessmentActions(seed, client, step, start, acceptedAt));
  }
  const days = daysBetween(starts.learn, lastDate);
  for (let day = 0; day <= days; day += 1) {
    const localDate = addDays(starts.learn, day);
    // Every date from learn's start on has a step.
    const step = stepOfDate(stepList, localDate)?.step ?? 'learn';
    const random = randomFor(seed, `${client.key}|day|${localDate}`);
    const planned = eventsOfDay(client.timeZone, step, localDate);
    const clientDay: ClientDay = { seed, client, random, planned, localDate, step };
    actions.push(...reflectionActions(clientDay));
    actions.push(...exerciseActions(clientDay));
    samples.push(...deviceReadings(seed, client, random, localDate, options.readingEveryMinutes));
    sessions.push(...usageSessions(seed, client, random, localDate));
  }
  const inRange = (at: Date) => at > acceptedAt && at <= until;
  const kept = actions.filter((action) => inRange(action.at));
  kept.push(
    ...deviceBatches(
      client,
      starts.learn,
      lastDate,
      options.syncTimes ?? ['12:00', '23:55'],
      until,
      samples.filter((entry) => inRange(entry.at)),
      sessions.filter(
        (session) => new Date(session.startedAt) > acceptedAt && new Date(session.endedAt) <= until,
      ),
    ),
  );
  return kept.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** One day of a client's timeline: what its reflections and exercises are drawn from. */
type ClientDay = {
  seed: number;
  client: SimulatedClient;
  /** The day's generator, shared by its reflections and exercises in that order. */
  random: Random;
  planned: readonly PlannedCalendarEvent[];
  localDate: string;
  step: JourneyStep;
};

const clamp = (value: number, [min, max]: Range) => Math.min(max, Math.max(min, value));
const minutes = (count: number) => count * 60_000;

/** A local wall time between 08:00 and 20:59, 'HH:MM'. */
function daytime(random: Random): string {
  const hour = random.int(8, 20);
  const minute = random.int(0, 59);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The waking day of a local date as UTC milliseconds, [from, to). */
function wakingHours(localDate: string, timeZone: string): { from: number; to: number } {
  return {
    from: zonedLocalToUtc(localDate, wakingDay.from, timeZone).getTime(),
    to: zonedLocalToUtc(localDate, wakingDay.to, timeZone).getTime(),
  };
}

function reflectionActions(day: ClientDay): TimelineAction[] {
  const { seed, client, random, planned, localDate, step } = day;
  if (!hasReflections(step)) return [];
  const traits = personaTraits[client.persona];
  const windows = planned.filter((event) => event.entityType === 'survey');
  const answered = random.shuffle(windows).slice(0, random.int(...traits.reflectionsPerDay));
  const band: Range = [
    Math.max(0, traits.indicators[0] - 8),
    Math.min(100, traits.indicators[1] + 5),
  ];
  return answered.map((window) => {
    const lengthMs = window.endsAt.getTime() - window.startsAt.getTime();
    // Whole seconds strictly inside [start, end): the end is exclusive.
    const offset = Math.floor(random.float(0, lengthMs - minutes(1)) / 1000) * 1000;
    const at = new Date(window.startsAt.getTime() + offset);
    const answer = (base: number) => Math.round(clamp(random.normal(base, 6), band));
    return {
      type: 'reflection' as const,
      at,
      body: {
        id: deterministicUuid(seed, `${client.key}|reflection|${localDate}|${window.kind}`),
        type: window.kind === 'morning' ? ('morningReflection' as const) : ('reflection' as const),
        answeredAt: at.toISOString(),
        answers: {
          productivity: answer(client.baseline.productivity),
          mental: answer(client.baseline.mental),
          physical: answer(client.baseline.physical),
          ...(random.chance(0.15) ? { note: random.pick(reflectionNotes) } : {}),
        },
      },
    };
  });
}

const reflectionNotes = [
  'Slept well.',
  'Busy morning, felt rushed.',
  'Good walk at lunch.',
  'Tired after a long meeting.',
  'Calm evening.',
];

/**
 * The step's assessment: engaged clients complete it on the start date (some after saving it in
 * progress first), steady ones within two days (a few leave it in progress), lagging ones late,
 * in progress, incomplete or never. Always inside its window (the start date and the six days after).
 */
function assessmentActions(
  seed: number,
  client: SimulatedClient,
  step: JourneyStep,
  startDate: string,
  acceptedAt: Date,
): TimelineAction[] {
  const random = randomFor(seed, `${client.key}|assessment|${step}`);
  let dayOffset = 0;
  let statuses: AssessmentStatus[];
  if (client.persona === 'engaged') {
    statuses = random.chance(0.2) ? ['inProgress', 'complete'] : ['complete'];
  } else if (client.persona === 'steady') {
    dayOffset = random.int(0, 2);
    const roll = random.next();
    statuses = roll < 0.7 ? ['complete'] : roll < 0.9 ? ['inProgress', 'complete'] : ['inProgress'];
  } else {
    dayOffset = random.int(1, 4);
    const roll = random.next();
    if (roll < 0.3) return [];
    statuses =
      roll < 0.65 ? ['inProgress'] : roll < 0.8 ? ['inProgress', 'incomplete'] : ['complete'];
  }
  const id = deterministicUuid(seed, `${client.key}|assessment|${step}`);
  const name = `${step.charAt(0).toUpperCase()}${step.slice(1)} assessment`;
  let at = zonedLocalToUtc(addDays(startDate, dayOffset), daytime(random), client.timeZone);
  // On the day of the acceptance, not before it.
  if (at <= acceptedAt) at = new Date(acceptedAt.getTime() + minutes(random.int(15, 45)));
  return statuses.map((status, index) => {
    const answeredAt = new Date(
      at.getTime() + (index === 0 ? 0 : minutes(random.int(20, 60) + index * 60 * 20)),
    );
    return {
      type: 'assessment' as const,
      at: answeredAt,
      body: {
        id,
        name,
        status,
        answeredAt: answeredAt.toISOString(),
        answers: {
          sleepQuality: random.int(1, 5),
          stressLevel: random.int(1, 5),
          mainGoal: random.pick(['Calmer days', 'More energy', 'Better sleep', 'Focus at work']),
          ...(status === 'inProgress' ? {} : { practisesDaily: random.chance(0.6) }),
        },
      },
    };
  });
}

function measures(random: Random, client: SimulatedClient): Required<ExerciseMeasures> {
  const hrv = clamp(random.normal(client.baseline.hrv, 8), simulatedMeasureBands.hrv);
  return {
    hrv1: Math.round(hrv * 10) / 10,
    hrv2: Math.round(clamp(hrv * random.float(0.9, 1.1), simulatedMeasureBands.hrv) * 10) / 10,
    pulseRate: Math.round(
      clamp(random.normal(client.baseline.pulse, 5), simulatedMeasureBands.pulse),
    ),
    respiratoryRate:
      Math.round(
        clamp(random.normal(client.baseline.respiratory, 1.5), simulatedMeasureBands.respiratory) *
          10,
      ) / 10,
  };
}

/** After-values moved by `improvement` percent (HRV up, pulse and breathing down), with noise. */
function afterMeasures(
  random: Random,
  before: Required<ExerciseMeasures>,
  improvement: number,
): Required<ExerciseMeasures> {
  const factor = (sign: number, weight: number) =>
    1 + (sign * improvement * weight) / 100 + random.normal(0, 0.02);
  const { hrv, pulse, respiratory } = simulatedMeasureBands;
  return {
    hrv1: Math.round(clamp(before.hrv1 * factor(1, 1), hrv) * 10) / 10,
    hrv2: Math.round(clamp(before.hrv2 * factor(1, 1), hrv) * 10) / 10,
    pulseRate: Math.round(clamp(before.pulseRate * factor(-1, 0.5), pulse)),
    respiratoryRate:
      Math.round(clamp(before.respiratoryRate * factor(-1, 0.8), respiratory) * 10) / 10,
  };
}

function resultText(improvement: number): string {
  if (improvement >= 10) return 'Felt calmer and clearer afterwards.';
  if (improvement >= 3) return 'A little calmer.';
  if (improvement > -3) return 'No real change.';
  return 'Hard to settle today.';
}

function exerciseBody(
  seed: number,
  client: SimulatedClient,
  random: Random,
  key: string,
  step: JourneyStep,
  startedAt: Date,
): { at: Date; body: RecordExerciseBody } {
  const traits = personaTraits[client.persona];
  const completedAt = new Date(startedAt.getTime() + minutes(random.int(5, 20)));
  const before = measures(random, client);
  const improvement = random.normal(traits.effect.mean, traits.effect.spread);
  const request = step === 'learn' ? null : client.phasePlan[step];
  const goal: ExerciseGoal = request ? random.pick(request.goalChoices) : 'learn';
  const stepGoal: ExerciseStepGoal | undefined = request ? random.pick(request.goals) : undefined;
  return {
    at: completedAt,
    body: {
      id: deterministicUuid(seed, `${client.key}|exercise|${key}`),
      goal,
      ...(stepGoal ? { stepGoal } : {}),
      ...(request ? { bpm: request.bpm } : {}),
      startedAt: startedAt.toISOString(),
      completedAt: completedAt.toISOString(),
      before,
      after: afterMeasures(random, before, improvement),
      result: resultText(improvement),
    },
  };
}

/**
 * The slots done that day: each starts after its slot opens and ends before the next one opens
 * (so it completes its own slot). Grow schedules none: engaged clients practise anyway (extra
 * practice). Nothing on the morning of a phase change before the change itself (05:00-06:00).
 */
function exerciseActions(day: ClientDay): TimelineAction[] {
  const { seed, client, random, planned, localDate, step } = day;
  const traits = personaTraits[client.persona];
  const slots = planned.filter((event) => event.entityType === 'exercise');
  const actions: TimelineAction[] = [];
  slots.forEach((slot, index) => {
    if (!random.chance(traits.exerciseShare)) return;
    const next = slots[index + 1];
    const room = next ? (next.startsAt.getTime() - slot.startsAt.getTime()) / 60_000 - 25 : 180;
    const startedAt = new Date(
      slot.startsAt.getTime() +
        minutes(random.int(0, Math.min(180, room))) +
        random.int(0, 59) * 1000,
    );
    const key = `${localDate}|${slot.kind}|${slot.slot}`;
    actions.push({ type: 'exercise', ...exerciseBody(seed, client, random, key, step, startedAt) });
  });
  if (step === 'grow') {
    const count = random.int(...traits.growPracticesPerDay);
    for (let index = 0; index < count; index += 1) {
      const startedAt = zonedLocalToUtc(localDate, daytime(random), client.timeZone);
      const key = `${localDate}|practice|${index}`;
      actions.push({
        type: 'exercise',
        ...exerciseBody(seed, client, random, key, step, startedAt),
      });
    }
  }
  return actions;
}

/** Readings every `every` minutes of the waking day: HRV, pulse and breathing rate each time. */
function deviceReadings(
  seed: number,
  client: SimulatedClient,
  random: Random,
  localDate: string,
  every: Range = [30, 60],
): { at: Date; sample: MetricSampleInput }[] {
  if (!random.chance(personaTraits[client.persona].deviceDays)) return [];
  const { from, to } = wakingHours(localDate, client.timeZone);
  const readings: { at: Date; sample: MetricSampleInput }[] = [];
  const dayShift = random.normal(0, 0.05);
  let time = from + minutes(random.int(0, every[0]));
  for (let reading = 0; time < to; reading += 1) {
    const at = new Date(time);
    const values = {
      hrv: clamp(
        client.baseline.hrv * (1 + dayShift) * random.float(0.85, 1.15),
        simulatedMeasureBands.hrv,
      ),
      pulse: clamp(
        client.baseline.pulse * (1 - dayShift / 2) * random.float(0.92, 1.12),
        simulatedMeasureBands.pulse,
      ),
      respiratory: clamp(
        client.baseline.respiratory * random.float(0.9, 1.1),
        simulatedMeasureBands.respiratory,
      ),
    };
    for (const [kind, value] of Object.entries(values)) {
      readings.push({
        at,
        sample: {
          id: deterministicUuid(seed, `${client.key}|sample|${localDate}|${reading}|${kind}`),
          kind,
          value: Math.round(value * 10) / 10,
          measuredAt: at.toISOString(),
        },
      });
    }
    time += minutes(random.int(every[0], every[1]));
  }
  return readings;
}

/**
 * The day's app use: the persona's hours split into sessions of under two hours, apart from each
 * other, inside the waking day.
 */
function usageSessions(
  seed: number,
  client: SimulatedClient,
  random: Random,
  localDate: string,
): UsageSessionInput[] {
  const totalMinutes = Math.round(random.float(...personaTraits[client.persona].usageHours) * 60);
  if (totalMinutes < 5) return [];
  const { from, to } = wakingHours(localDate, client.timeZone);
  const count = Math.ceil(totalMinutes / 100);
  const length = Math.floor(totalMinutes / count);
  const free = Math.max(0, (to - from) / 60_000 - length * count);
  // Cut the free minutes at random points: the gaps before, between and after the sessions.
  const cuts = Array.from({ length: count }, () => random.float(0, free)).sort((a, b) => a - b);
  return cuts.map((cut, index) => {
    const startedAt = from + minutes(Math.floor(cut) + index * length);
    return {
      id: deterministicUuid(seed, `${client.key}|session|${localDate}|${index}`),
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(startedAt + minutes(length - 1)).toISOString(),
    };
  });
}

/** Batch limits of the device-metrics call. */
const maxSamplesPerBatch = 1000;
const maxSessionsPerBatch = 100;

/**
 * Device batches at the app's sync times: each carries what was measured or used since the
 * previous sync; what is left when the timeline ends is sent at `until`.
 */
function deviceBatches(
  client: SimulatedClient,
  firstDate: string,
  lastDate: string,
  syncTimes: readonly string[],
  until: Date,
  samples: readonly { at: Date; sample: MetricSampleInput }[],
  sessions: readonly UsageSessionInput[],
): TimelineAction[] {
  const syncs: number[] = [];
  for (let day = 0; day <= daysBetween(firstDate, lastDate); day += 1) {
    for (const time of syncTimes) {
      const at = zonedLocalToUtc(addDays(firstDate, day), time, client.timeZone).getTime();
      if (at < until.getTime()) syncs.push(at);
    }
  }
  syncs.push(until.getTime());
  syncs.sort((a, b) => a - b);
  const bySync = new Map<number, { samples: MetricSampleInput[]; sessions: UsageSessionInput[] }>();
  const slotOf = (time: number) => {
    const sync = syncs.find((candidate) => candidate >= time) ?? until.getTime();
    let batch = bySync.get(sync);
    if (!batch) {
      batch = { samples: [], sessions: [] };
      bySync.set(sync, batch);
    }
    return batch;
  };
  for (const entry of samples) slotOf(entry.at.getTime()).samples.push(entry.sample);
  for (const session of sessions)
    slotOf(new Date(session.endedAt).getTime()).sessions.push(session);
  const actions: TimelineAction[] = [];
  for (const [sync, batch] of bySync) {
    for (
      let part = 0;
      part * maxSamplesPerBatch < batch.samples.length ||
      part * maxSessionsPerBatch < batch.sessions.length;
      part += 1
    ) {
      actions.push({
        type: 'deviceMetrics',
        at: new Date(sync),
        body: {
          samples: batch.samples.slice(part * maxSamplesPerBatch, (part + 1) * maxSamplesPerBatch),
          sessions: batch.sessions.slice(
            part * maxSessionsPerBatch,
            (part + 1) * maxSessionsPerBatch,
          ),
        },
      });
    }
  }
  return actions;
}
