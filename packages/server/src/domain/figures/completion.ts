import type { ActivityKind, CalendarEventStatus } from '../journey/enumerations.ts';

/** The statuses of a scheduled action: the calendar's event statuses. */
export {
  type ActivityKind,
  activityKinds,
  type CalendarEventStatus as ActionStatus,
  calendarEventStatuses as actionStatuses,
} from '../journey/enumerations.ts';

type ActionStatus = CalendarEventStatus;

/** A phase's step is done at this share of its scheduled actions (spec: completion threshold). */
export const completionThreshold = 0.8;

export type CompletionCount = { completed: number; scheduled: number };

/** One scheduled action of a phase (a calendar event of a reflection, assessment or exercise). */
export type ScheduledAction = { kind: ActivityKind; status: ActionStatus; startsAt: Date };

export type PhaseCompletion = Record<ActivityKind, CompletionCount> & { total: CompletionCount };

/** completed / scheduled, or null when nothing is scheduled (0 / 0 is no ratio, not 0 % or 100 %). */
export function completionRatio(count: CompletionCount): number | null {
  if (count.scheduled <= 0) return null;
  return count.completed / count.scheduled;
}

/**
 * True at a ratio of 0.8 or more (0.79 is not). Nothing scheduled (null) meets it: nothing is
 * missing. Division is correctly rounded, so 4 / 5 and 8 / 10 are exactly the literal 0.8.
 */
export function meetsCompletionThreshold(value: number | null | CompletionCount): boolean {
  const ratio = value === null || typeof value === 'number' ? value : completionRatio(value);
  return ratio === null || ratio >= completionThreshold;
}

/**
 * Completed / scheduled per activity kind, over the given actions (those of the phase). With
 * `dueBy`, only actions starting at or before it count as scheduled, and a completed action
 * always counts (done early is still done).
 */
export function phaseCompletion(
  actions: readonly ScheduledAction[],
  options: { dueBy?: Date } = {},
): PhaseCompletion {
  const counts = {
    assessment: { completed: 0, scheduled: 0 },
    reflection: { completed: 0, scheduled: 0 },
    exercise: { completed: 0, scheduled: 0 },
    total: { completed: 0, scheduled: 0 },
  };
  const dueByMs = options.dueBy?.getTime();
  for (const action of actions) {
    const isCompleted = action.status === 'completed';
    const isDue = dueByMs === undefined || action.startsAt.getTime() <= dueByMs;
    if (!isCompleted && !isDue) continue;
    for (const count of [counts[action.kind], counts.total]) {
      count.scheduled += 1;
      if (isCompleted) count.completed += 1;
    }
  }
  return counts;
}
