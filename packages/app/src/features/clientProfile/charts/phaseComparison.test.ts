import type { Journey, SeriesDay } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { comparePhases } from './phaseComparison.ts';

const count = (completed: number, scheduled: number) => ({ completed, scheduled });
const day = (
  date: string,
  indicators: [number | null, number | null, number | null],
  done: [number, number, number] = [0, 0, 0],
): SeriesDay => ({
  date,
  productivity: indicators[0],
  mental: indicators[1],
  physical: indicators[2],
  usageHours: 0,
  hrv: null,
  pulseRate: null,
  respiratoryRate: null,
  exercises: count(done[0], 2),
  reflections: count(done[1], 3),
  assessments: count(done[2], 0),
});

const entry = (step: Journey['steps'][number]['step'], startDate: string) => ({
  step,
  status: 'active' as const,
  startDate,
  goals: [],
  bpm: null,
  goalChoices: [],
  startedByPersonId: null,
  startedAt: null,
  completedAt: null,
});

const learnAndSense = {
  currentStep: 'sense' as const,
  steps: [entry('learn', '2026-11-01'), entry('sense', '2026-11-03')],
};

describe('comparePhases', () => {
  it('averages each phase over its days with a figure: a day without one is skipped, not a zero', () => {
    const [learn, sense] = comparePhases(
      learnAndSense,
      [
        day('2026-11-01', [80, 60, 90]),
        day('2026-11-02', [null, null, null]),
        day('2026-11-03', [70, 65, null]),
        day('2026-11-04', [75, 70, null]),
      ],
      [],
    );
    expect(learn).toMatchObject({
      isReached: true,
      isCurrent: false,
      dayCount: 2,
      averages: { productivity: 80, mental: 60, physical: 90 },
    });
    expect(sense).toMatchObject({
      isCurrent: true,
      averages: { productivity: 72.5, mental: 67.5, physical: null },
    });
  });

  it('adds up completed / scheduled by kind within each phase', () => {
    const [learn, sense] = comparePhases(
      learnAndSense,
      [
        day('2026-11-01', [80, 60, 90], [1, 3, 0]),
        day('2026-11-02', [80, 60, 90], [2, 1, 0]),
        day('2026-11-03', [80, 60, 90], [0, 2, 0]),
      ],
      [],
    );
    expect(learn?.isReached && learn.completion).toEqual({
      exercises: count(3, 4),
      reflections: count(4, 6),
      assessments: count(0, 0),
    });
    expect(sense?.isReached && sense.completion.reflections).toEqual(count(2, 3));
  });

  it('counts each phase’s exercises by effect level, unmeasured apart', () => {
    const [learn, sense] = comparePhases(
      learnAndSense,
      [],
      [
        { step: 'learn', effect: 'positive' },
        { step: 'learn', effect: 'positive' },
        { step: 'learn', effect: null },
        { step: 'sense', effect: 'negative' },
      ],
    );
    expect(learn?.isReached && learn.effects).toEqual({
      negative: 0,
      moderatelyNegative: 0,
      neutral: 0,
      moderatelyPositive: 0,
      positive: 2,
      unmeasured: 1,
    });
    expect(learn?.isReached && learn.exerciseCount).toBe(3);
    expect(sense?.isReached && sense.effects.negative).toBe(1);
  });

  it('shows a phase not started yet as not reached, in journey order', () => {
    const phases = comparePhases(learnAndSense, [], []);
    expect(phases.map((phase) => [phase.step, phase.isReached])).toEqual([
      ['learn', true],
      ['sense', true],
      ['grow', false],
    ]);
  });

  it('gives a reached phase without a figure null averages', () => {
    const [learn] = comparePhases(
      { currentStep: 'learn', steps: [entry('learn', '2026-11-16')] },
      [day('2026-11-16', [null, null, null])],
      [],
    );
    expect(learn).toMatchObject({
      dayCount: 1,
      averages: { productivity: null, mental: null, physical: null },
    });
  });
});
