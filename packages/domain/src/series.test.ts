import { describe, expect, it } from 'vitest';
import { scheduledByDate } from './series.ts';
import { daysBetween, localDateOf } from './zonedTime.ts';

const steps = [
  { step: 'sense', startDate: '2025-03-08' },
  { step: 'learn', startDate: '2025-03-01' },
  { step: 'grow', startDate: '2025-03-15' },
] as const;

describe('scheduledByDate', () => {
  const timeZone = 'Europe/Berlin';
  // 2025-03-20 14:30 in Berlin (UTC+1).
  const now = new Date('2025-03-20T13:30:00Z');
  const today = localDateOf(now, timeZone);

  it('schedules whole past days by step, the assessment on start dates, today by now', () => {
    const days = scheduledByDate({
      timeZone,
      steps,
      from: '2025-02-28',
      to: '2025-03-21',
      today,
      now,
    });
    expect(days).toHaveLength(22);
    const on = (date: string) => days[daysBetween('2025-02-28', date)];
    expect(days[0]).toEqual({ reflection: 0, exercise: 0, assessment: 0 }); // before learn
    expect(on('2025-03-01')).toEqual({ reflection: 5, exercise: 3, assessment: 1 });
    expect(on('2025-03-02')).toEqual({ reflection: 5, exercise: 3, assessment: 0 });
    expect(on('2025-03-08')).toEqual({ reflection: 5, exercise: 6, assessment: 1 });
    expect(on('2025-03-09')).toEqual({ reflection: 5, exercise: 6, assessment: 0 });
    expect(on('2025-03-15')).toEqual({ reflection: 0, exercise: 0, assessment: 1 });
    expect(on('2025-03-16')).toEqual({ reflection: 0, exercise: 0, assessment: 0 });
    expect(on('2025-03-20')).toEqual({ reflection: 0, exercise: 0, assessment: 0 }); // grow today
    expect(on('2025-03-21')).toEqual({ reflection: 0, exercise: 0, assessment: 0 }); // future
  });

  it('counts today what has opened by now: 14:30 on a sense start day', () => {
    const [day] = scheduledByDate({
      timeZone,
      steps: [{ step: 'sense', startDate: today }],
      from: today,
      to: today,
      today,
      now,
    });
    // Windows 06:00 and 12:00; slots 07:00, 13:00 and 14:00; the assessment since midnight.
    expect(day).toEqual({ reflection: 2, exercise: 3, assessment: 1 });
  });

  it('counts a whole day across a clock change like any other day', () => {
    const days = scheduledByDate({
      timeZone,
      steps: [{ step: 'learn', startDate: '2025-03-01' }],
      from: '2025-03-29',
      to: '2025-03-31',
      today: '2025-04-10',
      now: new Date('2025-04-10T12:00:00Z'),
    });
    expect(days).toEqual(Array(3).fill({ reflection: 5, exercise: 3, assessment: 0 }));
  });
});
