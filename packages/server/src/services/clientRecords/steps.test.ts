import { type StepStart, stepOfDate } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { datesOfStep } from './steps.ts';

const starts: StepStart[] = [
  { step: 'learn', startDate: '2026-03-02' },
  { step: 'sense', startDate: '2026-03-09' },
  { step: 'grow', startDate: '2026-03-16' },
];

describe('stepOfDate', () => {
  it('gives a change day to the later step when two steps start the same day', () => {
    const sameDay: StepStart[] = [
      { step: 'learn', startDate: '2026-03-02' },
      { step: 'sense', startDate: '2026-03-09' },
      { step: 'grow', startDate: '2026-03-09' },
    ];
    expect(stepOfDate(sameDay, '2026-03-09')?.step).toBe('grow');
    expect(datesOfStep(sameDay, 'sense')).toEqual({ from: '2026-03-09', until: '2026-03-09' });
  });
});

describe('datesOfStep', () => {
  it('runs from the start date up to the next step’s start, open for the current step', () => {
    expect(datesOfStep(starts, 'learn')).toEqual({ from: '2026-03-02', until: '2026-03-09' });
    expect(datesOfStep(starts, 'grow')).toEqual({ from: '2026-03-16', until: null });
    expect(datesOfStep(starts.slice(0, 1), 'sense')).toBeNull();
  });
});
