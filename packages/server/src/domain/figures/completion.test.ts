import { describe, expect, it } from 'vitest';
import {
  type ActionStatus,
  type ActivityKind,
  completionRatio,
  meetsCompletionThreshold,
  phaseCompletion,
  type ScheduledAction,
} from './completion.ts';

describe('completionRatio and meetsCompletionThreshold (0.8)', () => {
  it.each([
    [0.79, false],
    [0.7999, false],
    [0.8, true],
    [0.81, true],
    [1, true],
    [0, false],
  ])('ratio %d meets: %s', (ratio, meets) => {
    expect(meetsCompletionThreshold(ratio)).toBe(meets);
  });

  it.each([
    [4, 5, true],
    [8, 10, true],
    [12, 15, true],
    [79, 100, false],
    [80, 100, true],
    [3, 4, false],
    [35, 42, true],
    [33, 42, false],
  ])('%d of %d meets: %s', (completed, scheduled, meets) => {
    expect(meetsCompletionThreshold({ completed, scheduled })).toBe(meets);
  });

  it('is exact for 4 of 5 and 79 of 100', () => {
    expect(completionRatio({ completed: 4, scheduled: 5 })).toBe(0.8);
    expect(completionRatio({ completed: 79, scheduled: 100 })).toBe(0.79);
  });

  it('has no ratio with nothing scheduled, which meets the threshold (nothing is missing)', () => {
    expect(completionRatio({ completed: 0, scheduled: 0 })).toBeNull();
    expect(meetsCompletionThreshold({ completed: 0, scheduled: 0 })).toBe(true);
    expect(meetsCompletionThreshold(null)).toBe(true);
  });
});

describe('phaseCompletion', () => {
  const at = (iso: string) => new Date(iso);
  const action = (kind: ActivityKind, status: ActionStatus, startsAt: string): ScheduledAction => ({
    kind,
    status,
    startsAt: at(startsAt),
  });
  const actions = [
    action('exercise', 'completed', '2026-03-01T07:00:00Z'),
    action('exercise', 'active', '2026-03-01T13:00:00Z'),
    action('exercise', 'completed', '2026-03-03T07:00:00Z'), // done early
    action('exercise', 'active', '2026-03-03T13:00:00Z'),
    action('reflection', 'completed', '2026-03-01T06:00:00Z'),
    action('reflection', 'active', '2026-03-02T06:00:00Z'),
    action('assessment', 'active', '2026-03-05T09:00:00Z'),
  ];

  it('counts completed / scheduled per kind and in total over the whole phase', () => {
    expect(phaseCompletion(actions)).toEqual({
      exercise: { completed: 2, scheduled: 4 },
      reflection: { completed: 1, scheduled: 2 },
      assessment: { completed: 0, scheduled: 1 },
      total: { completed: 3, scheduled: 7 },
    });
  });

  it('with dueBy, counts only actions due by then, plus those completed early', () => {
    expect(phaseCompletion(actions, { dueBy: at('2026-03-02T06:00:00Z') })).toEqual({
      exercise: { completed: 2, scheduled: 3 },
      reflection: { completed: 1, scheduled: 2 },
      assessment: { completed: 0, scheduled: 0 },
      total: { completed: 3, scheduled: 5 },
    });
  });

  it('is all zero with no actions', () => {
    const zero = { completed: 0, scheduled: 0 };
    expect(phaseCompletion([])).toEqual({
      exercise: zero,
      reflection: zero,
      assessment: zero,
      total: zero,
    });
  });
});
