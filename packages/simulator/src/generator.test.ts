import {
  addDays,
  effectLevel,
  eventsOfDay,
  type JourneyStep,
  localDateOf,
  messagingQuotas,
  stepAssessment,
  stepOfDate,
  utcOffsetMinutes,
  zonedLocalToUtc,
} from '@coach/domain';
import { describe, expect, it } from 'vitest';
import {
  clientTimeline,
  personaMix,
  plannedStepStarts,
  type StepStarts,
  simulatedClients,
  simulatedMeasureBands,
  simulationTimeZones,
  stepStartsOf,
  type TimelineAction,
} from './generator.ts';
import {
  type MessageAction,
  messageTimeline,
  replyTo,
  simulatedMessageTexts,
} from './messaging.ts';
import { deterministicUuid, randomFor } from './random.ts';

// Three weeks across both spring clock changes of 2026: America/New_York on 8 March,
// Europe/London and Europe/Berlin on 29 March (Pacific/Auckland and Australia/Sydney change on
// 5 April, after).
const acceptedAt = new Date('2026-03-05T10:00:00Z');

/** The step of a date of the plan, by the rule the timeline uses. */
const stepOn = (starts: StepStarts, localDate: string): JourneyStep =>
  stepOfDate(stepStartsOf(starts), localDate)?.step ?? 'learn';
const until = new Date('2026-03-31T12:00:00Z');

function timelines(seed: number, count: number) {
  return simulatedClients(seed, count).map((client) => ({
    client,
    actions: clientTimeline(client, { seed, acceptedAt, until }),
  }));
}

function ofType<T extends TimelineAction['type']>(actions: TimelineAction[], type: T) {
  return actions.filter(
    (action): action is Extract<TimelineAction, { type: T }> => action.type === type,
  );
}

const runs = timelines(7, 20);

describe('the generator', { timeout: 30_000 }, () => {
  it('gives the same clients and actions for the same seed, and others for another seed', () => {
    expect(timelines(7, 20)).toEqual(runs);
    const other = timelines(8, 20);
    expect(other.map((run) => run.client.persona)).not.toEqual(
      runs.map((run) => run.client.persona),
    );
    expect(other[0]?.actions[0]).not.toEqual(runs[0]?.actions[0]);
  });

  it('mixes the personas (one of each for three clients) and spreads the timezones', () => {
    expect([...personaMix(1, 3)].sort()).toEqual(['engaged', 'lagging', 'steady']);
    const personas = runs.map((run) => run.client.persona);
    expect(personas.filter((persona) => persona === 'engaged')).toHaveLength(7);
    expect(personas.filter((persona) => persona === 'steady')).toHaveLength(8);
    expect(personas.filter((persona) => persona === 'lagging')).toHaveLength(5);
    expect(new Set(runs.map((run) => run.client.timeZone))).toEqual(new Set(simulationTimeZones));
    expect(simulationTimeZones).toContain('Pacific/Kiritimati');
  });

  it('derives UUIDs from the seed and a key', () => {
    const id = deterministicUuid(1, 'a');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deterministicUuid(1, 'a')).toBe(id);
    expect(deterministicUuid(2, 'a')).not.toBe(id);
    const ids = runs.flatMap(({ actions }) =>
      actions.flatMap((action) =>
        action.type === 'deviceMetrics'
          ? [...action.body.samples, ...action.body.sessions].map((entry) => entry.id)
          : action.type === 'phaseChange' || action.type === 'assessment'
            ? []
            : [action.body.id],
      ),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(randomFor(3, 'x').next()).toBe(randomFor(3, 'x').next());
  });

  it('puts every reflection inside a window of its step, in every zone and across DST', () => {
    const clocksChanged = new Set<string>();
    for (const { client, actions } of runs) {
      const starts = plannedStepStarts(client, acceptedAt);
      const reflections = ofType(actions, 'reflection');
      if (client.persona !== 'lagging') expect(reflections.length).toBeGreaterThan(10);
      for (const { at, body } of reflections) {
        expect(body.answeredAt).toBe(at.toISOString());
        const localDate = localDateOf(at, client.timeZone);
        const step = stepOn(starts, localDate);
        expect(step).not.toBe('grow');
        const window = eventsOfDay(client.timeZone, step, localDate).find(
          (event) => event.entityType === 'survey' && event.startsAt <= at && at < event.endsAt,
        );
        expect(window, `${client.timeZone} ${body.answeredAt}`).toBeDefined();
        expect(body.type).toBe(window?.kind === 'morning' ? 'morningReflection' : 'reflection');
        for (const value of [
          body.answers.productivity,
          body.answers.mental,
          body.answers.physical,
        ]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
        const dayBefore = addDays(localDate, -1);
        const offset = (date: string) =>
          utcOffsetMinutes(zonedLocalToUtc(date, '12:00', client.timeZone), client.timeZone);
        if (offset(dayBefore) !== offset(localDate)) clocksChanged.add(client.timeZone);
      }
    }
    // Reflections were answered on the day the clocks changed, both sides of the Atlantic.
    expect([...clocksChanged]).toEqual(
      expect.arrayContaining(['America/Los_Angeles', 'America/New_York', 'Europe/London']),
    );
  });

  it('keeps the indicators in the persona bands: engaged high, lagging low', () => {
    const average = (actions: TimelineAction[]) => {
      const answers = ofType(actions, 'reflection').map(({ body }) => body.answers.mental);
      return answers.reduce((sum, value) => sum + value, 0) / Math.max(1, answers.length);
    };
    for (const { client, actions } of runs) {
      if (ofType(actions, 'reflection').length < 5) continue;
      const mean = average(actions);
      if (client.persona === 'engaged') expect(mean).toBeGreaterThan(68);
      if (client.persona === 'lagging') expect(mean).toBeLessThan(72);
    }
  });

  it('records exercises after their slot opens, under 2 h, with plausible measures', () => {
    const effects = new Set<string>();
    for (const { client, actions } of runs) {
      const starts = plannedStepStarts(client, acceptedAt);
      for (const { at, body } of ofType(actions, 'exercise')) {
        const startedAt = new Date(body.startedAt);
        const completedAt = new Date(body.completedAt);
        expect(completedAt).toEqual(at);
        expect(completedAt.getTime() - startedAt.getTime()).toBeGreaterThan(0);
        expect(completedAt.getTime() - startedAt.getTime()).toBeLessThanOrEqual(2 * 3_600_000);
        const localDate = localDateOf(startedAt, client.timeZone);
        expect(localDateOf(completedAt, client.timeZone)).toBe(localDate);
        const step = stepOn(starts, localDate);
        if (step !== 'grow') {
          const slots = eventsOfDay(client.timeZone, step, localDate).filter(
            (event) => event.entityType === 'exercise' && event.startsAt <= startedAt,
          );
          expect(slots.length).toBeGreaterThan(0);
          expect(body.goal).toBe(step === 'learn' ? 'learn' : body.goal);
        }
        for (const side of [body.before, body.after]) {
          for (const hrv of [side.hrv1, side.hrv2]) {
            expect(hrv).toBeGreaterThanOrEqual(simulatedMeasureBands.hrv[0]);
            expect(hrv).toBeLessThanOrEqual(simulatedMeasureBands.hrv[1]);
          }
          expect(side.pulseRate).toBeGreaterThanOrEqual(simulatedMeasureBands.pulse[0]);
          expect(side.pulseRate).toBeLessThanOrEqual(simulatedMeasureBands.pulse[1]);
          expect(side.respiratoryRate).toBeGreaterThanOrEqual(6);
          expect(side.respiratoryRate).toBeLessThanOrEqual(20);
        }
        const measure = (side: typeof body.before) => ({
          hrv1: side.hrv1 ?? null,
          hrv2: side.hrv2 ?? null,
          pulseRate: side.pulseRate ?? null,
          respiratoryRate: side.respiratoryRate ?? null,
        });
        effects.add(
          String(
            effectLevel({
              goal: body.goal,
              before: measure(body.before),
              after: measure(body.after),
            }),
          ),
        );
      }
    }
    expect(effects).toEqual(
      new Set(['negative', 'moderatelyNegative', 'neutral', 'moderatelyPositive', 'positive']),
    );
  });

  it('answers each step assessment inside its window, with every status among the clients', () => {
    const statuses = new Set<string>();
    for (const { client, actions } of runs) {
      const starts = plannedStepStarts(client, acceptedAt);
      for (const { at, body } of ofType(actions, 'assessment')) {
        const step = stepOn(starts, localDateOf(at, client.timeZone));
        const startDate = starts[step] ?? '';
        const window = stepAssessment(client.timeZone, step, startDate);
        expect(at >= window.startsAt && at < window.endsAt).toBe(true);
        expect(body.name).toBe(`${step.charAt(0).toUpperCase()}${step.slice(1)} assessment`);
        statuses.add(body.status);
      }
    }
    expect(statuses).toEqual(new Set(['complete', 'inProgress', 'incomplete']));
  });

  it('changes phases early on the planned local dates, engaged clients on time', () => {
    const reached = new Set<string>();
    for (const { client, actions } of runs) {
      const starts = plannedStepStarts(client, acceptedAt);
      for (const { at, body } of ofType(actions, 'phaseChange')) {
        expect(localDateOf(at, client.timeZone)).toBe(starts[body.nextPhase]);
        expect(at.getTime()).toBeLessThan(
          zonedLocalToUtc(starts[body.nextPhase] ?? '', '06:00', client.timeZone).getTime(),
        );
        reached.add(body.nextPhase);
      }
      if (client.persona === 'engaged') {
        // On time: sense after a week (7 or 8 days).
        const [sense] = ofType(actions, 'phaseChange');
        expect(sense?.body.nextPhase).toBe('sense');
        expect(
          localDateOf(sense?.at ?? acceptedAt, client.timeZone) <= addDays(starts.learn, 8),
        ).toBe(true);
      }
    }
    expect(reached).toEqual(new Set(['sense', 'grow']));
  });

  it('sends device batches within the limits, each record before its batch, sessions apart', () => {
    for (const { client, actions } of runs) {
      const sessions: { start: number; end: number }[] = [];
      let usage = 0;
      for (const { at, body } of ofType(actions, 'deviceMetrics')) {
        expect(body.samples.length).toBeLessThanOrEqual(1000);
        expect(body.sessions.length).toBeLessThanOrEqual(100);
        for (const sample of body.samples) {
          expect(new Date(sample.measuredAt) <= at).toBe(true);
          expect(new Date(sample.measuredAt) > acceptedAt).toBe(true);
        }
        for (const session of body.sessions) {
          const start = new Date(session.startedAt).getTime();
          const end = new Date(session.endedAt).getTime();
          expect(end <= at.getTime()).toBe(true);
          expect(end - start).toBeLessThan(2 * 3_600_000);
          sessions.push({ start, end });
          usage += end - start;
        }
      }
      sessions.sort((a, b) => a.start - b.start);
      for (let index = 1; index < sessions.length; index += 1) {
        expect(sessions[index]?.start).toBeGreaterThan(sessions[index - 1]?.end ?? 0);
      }
      const hoursPerDay = usage / 3_600_000 / 26;
      if (client.persona === 'engaged') expect(hoursPerDay).toBeGreaterThan(5);
      if (client.persona === 'lagging') expect(hoursPerDay).toBeLessThan(2.2);
    }
  });

  it('keeps every action after the acceptance and up to the end, in time order', () => {
    for (const { actions } of runs) {
      const times = actions.map((action) => action.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.min(...times)).toBeGreaterThan(acceptedAt.getTime());
      expect(Math.max(...times)).toBeLessThanOrEqual(until.getTime());
    }
  });
});

describe("the simulated clients' messages", () => {
  const plans = (seed: number) =>
    simulatedClients(seed, 20).map((client) => ({
      client,
      actions: messageTimeline(client, { seed, acceptedAt, until }),
    }));

  it('are the same for the same seed, in time order inside the timeline, and far below the quotas', () => {
    const first = plans(7);
    expect(plans(7)).toEqual(first);
    expect(plans(8)).not.toEqual(first);
    for (const { client, actions } of first) {
      const times = actions.map((action) => action.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(actions.every((action) => action.at > acceptedAt && action.at <= until)).toBe(true);
      const coachMessages = actions.filter((action) => action.type === 'coachMessage');
      expect(coachMessages.length).toBeGreaterThan(3);
      expect(coachMessages.every(({ body }) => body.text.includes(client.firstName))).toBe(true);
      // At most one read (so one answer) and one first message a day: a client writes at most
      // two messages a day, where the quotas allow a few hundred.
      const perDay = new Map<string, number>();
      for (const action of actions) {
        if (action.type !== 'clientMessage' && action.type !== 'readMessages') continue;
        const key = `${action.type}|${localDateOf(action.at, client.timeZone)}`;
        perDay.set(key, (perDay.get(key) ?? 0) + 1);
      }
      expect(Math.max(...perDay.values())).toBe(1);
      expect(2 * perDay.size).toBeLessThan(messagingQuotas.client.perDay * 27);
    }
    const byType = (type: MessageAction['type']) =>
      first.flatMap(({ actions }) => actions).filter((action) => action.type === type).length;
    expect(byType('clientMessage')).toBeGreaterThan(10);
    expect(byType('readMessages')).toBeGreaterThan(100);
  });

  it('answers a share of the coach messages read, a while after reading, the same way each time', () => {
    const readAt = new Date('2026-03-10T09:00:00Z');
    const answers = simulatedClients(7, 20).map((client) =>
      replyTo(7, client, deterministicUuid(7, `${client.key}|message`), readAt),
    );
    expect(
      simulatedClients(7, 20).map((client) =>
        replyTo(7, client, deterministicUuid(7, `${client.key}|message`), readAt),
      ),
    ).toEqual(answers);
    const given = answers.filter((answer) => answer !== null);
    expect(given.length).toBeGreaterThan(3);
    expect(given.length).toBeLessThan(20);
    for (const answer of given) {
      expect(answer.at > readAt).toBe(true);
      expect(simulatedMessageTexts.reply).toContain(answer.body.text);
    }
  });
});
