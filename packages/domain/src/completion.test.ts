import { describe, expect, it } from 'vitest';
import { completionCount, phaseCompletion } from './completion.ts';

describe('completionCount', () => {
  it('keeps what is due, and counts an early completion as scheduled', () => {
    expect(completionCount(3, 5)).toEqual({ completed: 3, scheduled: 5 });
    expect(completionCount(0, 0)).toEqual({ completed: 0, scheduled: 0 });
    expect(completionCount(2, 1)).toEqual({ completed: 2, scheduled: 2 });
  });
});

describe('phaseCompletion', () => {
  const kinds = [
    { completed: 10, scheduled: 12 },
    { completed: 2, scheduled: 3 },
    { completed: 0, scheduled: 1 },
  ];

  it('sums the kinds, and is done at 80 % of the whole step', () => {
    expect(phaseCompletion(kinds, 15)).toEqual({
      total: { completed: 12, scheduled: 16 },
      stepDone: true,
    });
    expect(phaseCompletion(kinds, 16).stepDone).toBe(false);
    expect(phaseCompletion([], 0)).toEqual({
      total: { completed: 0, scheduled: 0 },
      stepDone: false,
    });
  });
});
