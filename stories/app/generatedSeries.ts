import type { Exercise, Journey, SeriesDay } from '@coach/api';
import {
  addDays,
  type GoalEffect,
  goalEffectNames,
  type JourneyStep,
  journeyStepNames,
  sortStepStarts,
  stepOfDate,
} from '@coach/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';

/** The stories' client of generated data (not one of the mocks' clients). */
export const generatedClientId = '00000000-0000-4000-8000-000000000999';

/** The client's local today at the stories' fixed clock (London, 2026-11-16 09:30). */
const today = '2026-11-16';

/** A client whose series the story makes up: how long, which phases, how well. */
export type GeneratedClient = {
  /** Days before today each started step began (learn first). */
  stepsAgo: Partial<Record<JourneyStep, number>>;
  /** Typical productivity, mental and physical. */
  levels: [number, number, number];
  /** Every nth day has no reflection (0: none missing). */
  gapEvery?: number;
};

const round = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

function journeyOf({ stepsAgo }: GeneratedClient): Journey {
  const started = journeyStepNames.filter((step) => stepsAgo[step] !== undefined);
  const current = started[started.length - 1] ?? 'learn';
  const next = journeyStepNames[journeyStepNames.indexOf(current) + 1] ?? null;
  const startOf = (step: JourneyStep) => addDays(today, -(stepsAgo[step] ?? 0));
  return {
    clientId: generatedClientId,
    currentStep: current,
    startDate: startOf(current),
    currentDay: (stepsAgo[current] ?? 0) + 1,
    timezone: 'Europe/London',
    steps: started.map((step) => ({
      step,
      status: step === current ? 'active' : 'completed',
      startDate: startOf(step),
      goals: step === 'learn' ? [] : ['stressBalance'],
      bpm: step === 'learn' ? null : 8,
      goalChoices: ['calm'],
      startedByPersonId: null,
      startedAt: `${startOf(step)}T09:00:00.000Z`,
      completedAt: null,
    })),
    nextPhasePlanned: next !== null,
    nextPhase: next,
    nextPhaseMessage: next === null ? 'No new phases are planned yet' : null,
  };
}

/** One entry per date of the range: a smooth, seeded wander; no reflections in grow or on gap days. */
function seriesOf(
  client: GeneratedClient,
  journey: Journey,
  from: string,
  to: string,
): SeriesDay[] {
  const starts = sortStepStarts(
    journey.steps.map((entry) => ({ step: entry.step, startDate: entry.startDate ?? today })),
  );
  const days: SeriesDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const start = stepOfDate(starts, date);
    const dayNumber = Math.round(
      (Date.parse(date) - Date.parse(starts[0]?.startDate ?? today)) / 86_400_000,
    );
    const hasData =
      start !== null &&
      start.step !== 'grow' &&
      !(client.gapEvery && dayNumber % client.gapEvery === client.gapEvery - 1);
    const value = (level: number, phase: number) =>
      hasData
        ? round(level + 9 * Math.sin(dayNumber / 4 + phase) + 4 * Math.sin(dayNumber / 1.3))
        : null;
    const scheduled = start === null ? 0 : 1;
    days.push({
      date,
      productivity: value(client.levels[0], 0),
      mental: value(client.levels[1], 2),
      physical: value(client.levels[2], 4),
      usageHours: hasData ? 1.5 : 0,
      hrv: null,
      pulseRate: null,
      respiratoryRate: null,
      exercises: {
        completed: hasData && dayNumber % 2 === 0 ? 2 : scheduled,
        scheduled: 2 * scheduled,
      },
      reflections: {
        completed: hasData ? 2 : 0,
        scheduled: start?.step === 'grow' ? 0 : 2 * scheduled,
      },
      assessments: {
        completed: start?.startDate === date ? 1 : 0,
        scheduled: start?.startDate === date ? 1 : 0,
      },
    });
  }
  return days;
}

/** Two exercises a week of each started phase, their effects going round the levels. */
function exercisesOf(journey: Journey): Exercise[] {
  const measures = { hrv1: null, hrv2: null, pulseRate: null, respiratoryRate: null };
  return journey.steps.flatMap((entry, stepIndex) => {
    const next = journey.steps[stepIndex + 1]?.startDate ?? addDays(today, 1);
    const start = entry.startDate ?? today;
    const count = Math.max(
      1,
      Math.round((Date.parse(next) - Date.parse(start)) / (3.5 * 86_400_000)),
    );
    return Array.from({ length: count }, (_, index): Exercise => {
      const effect: GoalEffect | null =
        index % 6 === 5 ? null : (goalEffectNames[(index + stepIndex * 2 + 1) % 5] ?? null);
      return {
        id: `00000000-0000-4000-8000-${String(stepIndex * 1000 + index).padStart(12, '0')}`,
        step: entry.step,
        goal: 'calm',
        stepGoal: null,
        bpm: null,
        localDate: start,
        startedAt: `${start}T10:00:00.000Z`,
        completedAt: `${start}T10:10:00.000Z`,
        before: measures,
        after: measures,
        result: '',
        effect,
        calendarEventId: null,
      };
    });
  });
}

/**
 * MSW handlers answering the journey, series and exercises of {@link generatedClientId} with
 * made-up data (a year of days, one day...): put them before `createHandlers()`.
 */
export function generatedClientHandlers(client: GeneratedClient): HttpHandler[] {
  const journey = journeyOf(client);
  const path = (service: string, rest: string) =>
    `*/api/${service}/clients/${generatedClientId}/${rest}`;
  return [
    http.get(path('journey', 'journey'), () => HttpResponse.json(journey)),
    http.get(path('analytics', 'series'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const from = query.get('from') ?? today;
      const to = query.get('to') ?? today;
      return HttpResponse.json({
        clientId: generatedClientId,
        from,
        to,
        days: seriesOf(client, journey, from, to),
      });
    }),
    http.get(path('exercise', 'exercises'), () =>
      HttpResponse.json({ clientId: generatedClientId, exercises: exercisesOf(journey) }),
    ),
  ];
}
