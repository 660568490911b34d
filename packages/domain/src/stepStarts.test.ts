import { describe, expect, it } from 'vitest';
import { type StepStart, sortStepStarts, stepOfDate } from './stepStarts.ts';

const steps = [
  { step: 'sense', startDate: '2025-03-08' },
  { step: 'learn', startDate: '2025-03-01' },
  { step: 'grow', startDate: '2025-03-15' },
] as const;

const inOrder: StepStart[] = [
  { step: 'learn', startDate: '2026-03-02' },
  { step: 'sense', startDate: '2026-03-09' },
  { step: 'grow', startDate: '2026-03-16' },
];

describe('stepOfDate', () => {
  it('gives the step with the latest start on or before the date', () => {
    const sorted = sortStepStarts(steps);
    expect(stepOfDate(sorted, '2025-02-28')).toBeNull();
    expect(stepOfDate(sorted, '2025-03-01')?.step).toBe('learn');
    expect(stepOfDate(sorted, '2025-03-07')?.step).toBe('learn');
    expect(stepOfDate(sorted, '2025-03-08')?.step).toBe('sense');
    expect(stepOfDate(sorted, '2026-01-01')?.step).toBe('grow');
  });

  it('gives the later step when two started the same day', () => {
    const sorted = sortStepStarts([
      { step: 'sense', startDate: '2025-03-08' },
      { step: 'learn', startDate: '2025-03-08' },
    ]);
    expect(stepOfDate(sorted, '2025-03-08')?.step).toBe('sense');
  });
});

describe('stepOfDate, in journey order', () => {
  it('gives the step with the latest start on or before the date; none before learn', () => {
    expect(stepOfDate(inOrder, '2026-03-01')).toBeNull();
    expect(stepOfDate(inOrder, '2026-03-02')?.step).toBe('learn');
    expect(stepOfDate(inOrder, '2026-03-08')?.step).toBe('learn');
    expect(stepOfDate(inOrder, '2026-03-09')?.step).toBe('sense');
    expect(stepOfDate(inOrder, '2027-01-01')?.step).toBe('grow');
  });
});
