import { isStepDone } from './journey.ts';
import type { CompletionCount } from './shapes.ts';

/**
 * A completed / scheduled figure: something completed before its time (an exercise done early)
 * counts as scheduled too, so completed never exceeds scheduled.
 */
export function completionCount(completed: number, scheduled: number): CompletionCount {
  return { completed, scheduled: Math.max(scheduled, completed) };
}

/**
 * A profile's phase figure: the completed / scheduled totals of the step so far (the sums of its
 * kinds' figures), and whether the step is done against the whole step's schedule.
 */
export function phaseCompletion(
  kinds: readonly CompletionCount[],
  wholeStepScheduled: number,
): { total: CompletionCount; stepDone: boolean } {
  const total = {
    completed: kinds.reduce((sum, count) => sum + count.completed, 0),
    scheduled: kinds.reduce((sum, count) => sum + count.scheduled, 0),
  };
  return { total, stepDone: isStepDone(total.completed, wholeStepScheduled) };
}
