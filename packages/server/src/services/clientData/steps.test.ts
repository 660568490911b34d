import { describe, expect, it } from 'vitest';
import { plannedEvents } from './calendar.ts';
import { dateRangeError } from './range.ts';
import { datesOfStep, type StepStart, stepOfDate } from './steps.ts';

const starts: StepStart[] = [
  { step: 'learn', startDate: '2026-03-02' },
  { step: 'sense', startDate: '2026-03-09' },
  { step: 'grow', startDate: '2026-03-16' },
];

describe('stepOfDate', () => {
  it('gives the step with the latest start on or before the date; none before learn', () => {
    expect(stepOfDate(starts, '2026-03-01')).toBeNull();
    expect(stepOfDate(starts, '2026-03-02')?.step).toBe('learn');
    expect(stepOfDate(starts, '2026-03-08')?.step).toBe('learn');
    expect(stepOfDate(starts, '2026-03-09')?.step).toBe('sense');
    expect(stepOfDate(starts, '2027-01-01')?.step).toBe('grow');
  });

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

describe('plannedEvents', () => {
  it('plans each date with its own step, with each step’s assessment on its start date', () => {
    const events = plannedEvents('Europe/Berlin', starts, '2026-03-01', '2026-03-17');
    const perDate = (date: string) => events.filter((event) => event.localDate === date);
    expect(perDate('2026-03-01')).toEqual([]);
    expect(perDate('2026-03-02').map((event) => event.kind)).toContain('assessment');
    expect(perDate('2026-03-02')).toHaveLength(9);
    expect(perDate('2026-03-08').every((event) => event.step === 'learn')).toBe(true);
    expect(perDate('2026-03-09')).toHaveLength(12);
    expect(perDate('2026-03-10')).toHaveLength(11);
    expect(perDate('2026-03-16').map((event) => `${event.step}:${event.kind}`)).toEqual([
      'grow:assessment',
    ]);
    expect(perDate('2026-03-17')).toEqual([]);
  });
});

describe('dateRangeError', () => {
  it('accepts one day and 366 days, refuses a reversed range and 367 days', () => {
    expect(dateRangeError({ from: '2026-03-04', to: '2026-03-04' })).toBeNull();
    expect(dateRangeError({ from: '2026-01-01', to: '2027-01-01' })).toBeNull();
    expect(dateRangeError({ from: '2026-03-05', to: '2026-03-04' })).toEqual({
      error: 'invalid_range',
      message: 'The range ends before it starts',
    });
    expect(dateRangeError({ from: '2026-01-01', to: '2027-01-02' })).toEqual({
      error: 'invalid_range',
      message: 'The range is at most 366 days',
    });
  });
});
