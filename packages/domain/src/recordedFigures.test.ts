import { describe, expect, it } from 'vitest';
import {
  completionFigures,
  dailyIndicatorAverages,
  phaseIndicatorSums,
  type RecordedEvent,
  recentDailyIndicators,
} from './recordedFigures.ts';

const event = (fields: Partial<RecordedEvent>): RecordedEvent => ({
  step: 'sense',
  entityType: 'survey',
  kind: 'morning',
  localDate: '2026-03-04',
  status: 'completed',
  ...fields,
});

const answers = (localDate: string, value: number) => ({
  localDate,
  productivity: value,
  mental: value,
  physical: value,
});

describe('completionFigures', () => {
  it('counts completed exercises, reflections and assessments apart, never over what was due', () => {
    const figures = completionFigures(
      [
        event({ entityType: 'exercise', kind: 'exercise' }),
        event({}),
        event({ status: 'active' }),
        event({ kind: 'assessment' }),
      ],
      { exercise: 0, reflection: 3, assessment: 1 },
    );
    expect(figures).toEqual({
      exercises: { completed: 1, scheduled: 1 },
      reflections: { completed: 1, scheduled: 3 },
      assessments: { completed: 1, scheduled: 1 },
    });
  });
});

describe('indicator figures from reflections', () => {
  const starts = [
    { step: 'learn' as const, startDate: '2026-03-01' },
    { step: 'sense' as const, startDate: '2026-03-03' },
  ];
  const reflections = [
    answers('2026-03-02', 90),
    answers('2026-03-03', 60),
    answers('2026-03-03', 70),
    answers('2026-03-04', 50),
  ];

  it('averages each local date first', () => {
    expect(dailyIndicatorAverages(reflections, 'mental').get('2026-03-03')).toBe(65);
  });

  it("sums a phase's daily averages over its own dates", () => {
    expect(phaseIndicatorSums(reflections, starts, 'sense')).toMatchObject({
      mentalSum: 115,
      mentalDays: 2,
    });
  });

  it("gives the current phase's daily averages up to today, newest first", () => {
    expect(recentDailyIndicators(reflections, starts, 'sense', '2026-03-03').mental).toEqual([65]);
  });
});
