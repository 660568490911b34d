import type { ClientSummary } from '@coach/api';
import type { JourneyStep } from '@coach/domain';

/** The "now" of the test lists. */
export const testNow = '2026-11-16T09:30:00.000Z';

type SummaryOverrides = {
  firstName?: string;
  lastName?: string;
  email?: string;
  step?: JourneyStep;
  mental?: number | null;
  /** The latest days in a row the mental figure was low; by default 2 when lagging, else 0. */
  mentalLowDays?: number;
  /** Hours since the app was last used; null: never. */
  silentHours?: number | null;
  /** The client's messages the coach has not read (0 unless told). */
  unreadMessages?: number;
  /** The client's open follow-up (none unless told). */
  followUp?: ClientSummary['followUp'];
  /** The coach's review of today (none unless told). */
  review?: ClientSummary['review'];
};

let sequence = 0;

/** A client of the list with good figures unless told otherwise. */
export function testSummary(overrides: SummaryOverrides = {}): ClientSummary {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  const mental = overrides.mental === undefined ? 80 : overrides.mental;
  const silentHours = overrides.silentHours === undefined ? 1 : overrides.silentHours;
  const good = { value: 80, lagging: false, lowDays: 0 };
  const step = overrides.step ?? 'sense';
  // Grow shows sense's averages, never flagged (decisions: 'A client in Grow').
  const current = step !== 'grow';
  return {
    clientId: id,
    userId: id,
    firstName: overrides.firstName ?? 'Ada',
    lastName: overrides.lastName ?? 'Lovelace',
    email: overrides.email ?? `client${sequence}@example.com`,
    profilePicture: null,
    age: 30,
    gender: null,
    timezone: 'Europe/London',
    utcOffsetMinutes: 0,
    journey: {
      step,
      currentDay: 4,
      startDate: '2026-11-13',
      journeyStartDate: '2026-11-03',
    },
    engagement: {
      hours: 6,
      hoursLast24h: 2.5,
      ratio: 0.6,
      lastConnectedAt:
        silentHours === null
          ? null
          : new Date(Date.parse(testNow) - silentHours * 3_600_000).toISOString(),
    },
    indicators: {
      basis: current ? 'currentPhase' : 'previousPhase',
      phase: current ? step : 'sense',
      productivity: good,
      mental: {
        value: mental,
        lagging: current && mental !== null && mental < 70,
        lowDays: overrides.mentalLowDays ?? (current && mental !== null && mental < 70 ? 2 : 0),
      },
      physical: good,
    },
    exercises: { completed: 5, scheduled: 9 },
    reflections: { completed: 10, scheduled: 15 },
    assessments: { completed: 1, scheduled: 1 },
    unreadMessages: overrides.unreadMessages ?? 0,
    followUp: overrides.followUp ?? null,
    review: overrides.review ?? null,
  };
}
