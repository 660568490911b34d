import type { ClientSummary, ClientSummaryList } from '@coach/api';
import { mockNow } from '@coach/api/msw';
import { type JourneyStep, journeyStepNames, utcOffsetMinutes } from '@coach/domain';
import { HttpResponse, http } from 'msw';

/** What makes a story's client: the figures the clients table reads. */
export type ClientShape = {
  firstName: string;
  lastName: string;
  step?: JourneyStep;
  day?: number;
  /** Day of the whole journey (learn's day 1 is its day 1); by default 7 days a past phase. */
  journeyDay?: number;
  hours?: number;
  /** Hours of use in the last 24 h; by default 45 % of the 48 h hours, none after 24 h silent. */
  hours24?: number;
  /** Hours since the app was last used; null: never. */
  silentHours?: number | null;
  /**
   * Productivity, mental, physical averages; null: no reflections in the phase. In grow, sense's
   * averages (never flagged).
   */
  indicators?: [number | null, number | null, number | null];
  /** The latest days in a row each indicator was low (`lowDays`); by default none. */
  lowDays?: [number, number, number];
  /** IANA timezone; by default London (UTC+0 at the stories' now, as the device). */
  timezone?: string;
  /** Share of the scheduled actions done. */
  diligence?: number;
  profilePicture?: string | null;
  /** The client's messages the coach has not read (0 unless told). */
  unreadMessages?: number;
  /** The client's open follow-up (none unless told). */
  followUp?: ClientSummary['followUp'];
  /** The coach's review of the client today (the attention queue); none by default. */
  review?: ClientSummary['review'];
};

const figure = (value: number | null, current: boolean, lowDays: number) => ({
  value,
  lagging: current && value !== null && value < 70,
  lowDays: current ? lowDays : 0,
});

const addDaysTo = (date: Date, days: number) =>
  new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

const emailName = ({ firstName, lastName }: ClientShape) =>
  `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');

/** A client of the table from its shape, at the stories' fixed now. */
export function clientSummary(index: number, shape: ClientShape): ClientSummary {
  const day = shape.day ?? 5;
  const step = shape.step ?? 'sense';
  const diligence = shape.diligence ?? 0.7;
  const count = (perDay: number) => {
    const scheduled = step === 'grow' ? 0 : perDay * day;
    return { completed: Math.round(scheduled * diligence), scheduled };
  };
  const silentHours = shape.silentHours === undefined ? 2 : shape.silentHours;
  const [productivity, mental, physical] = shape.indicators ?? [80, 78, 84];
  const [productivityDays, mentalDays, physicalDays] = shape.lowDays ?? [0, 0, 0];
  const timezone = shape.timezone ?? 'Europe/London';
  // Grow has no reflection windows: it shows sense's averages (decisions: 'A client in Grow').
  const current = step !== 'grow';
  const hours = shape.hours ?? 5.5;
  const journeyDay = shape.journeyDay ?? day + 7 * journeyStepNames.indexOf(step);
  const id = String(500 + index).padStart(12, '0');
  return {
    clientId: `00000000-0000-4000-8000-${id}`,
    userId: `00000000-0000-4000-9000-${id}`,
    firstName: shape.firstName,
    lastName: shape.lastName,
    email: `${emailName(shape)}@example.com`,
    profilePicture: shape.profilePicture ?? null,
    age: 30 + (index % 25),
    gender: index % 2 === 0 ? 'female' : 'male',
    timezone,
    utcOffsetMinutes: utcOffsetMinutes(mockNow, timezone),
    journey: {
      step,
      currentDay: day,
      startDate: addDaysTo(mockNow, 1 - day),
      journeyStartDate: addDaysTo(mockNow, 1 - journeyDay),
    },
    engagement: {
      hours,
      // Nothing in 24 h from a client silent for longer.
      hoursLast24h: shape.hours24 ?? Math.min(hours * 0.45, Math.max(0, 24 - (silentHours ?? 24))),
      ratio: Math.min(hours / 10, 1),
      lastConnectedAt:
        silentHours === null
          ? null
          : new Date(mockNow.getTime() - silentHours * 3_600_000).toISOString(),
    },
    indicators: {
      basis: current ? 'currentPhase' : 'previousPhase',
      phase: current ? step : 'sense',
      productivity: figure(productivity, current, productivityDays),
      mental: figure(mental, current, mentalDays),
      physical: figure(physical, current, physicalDays),
    },
    exercises: count(3),
    reflections: count(5),
    assessments: { completed: diligence > 0.5 ? 1 : 0, scheduled: 1 },
    unreadMessages: shape.unreadMessages ?? 0,
    followUp: shape.followUp ?? null,
    review: shape.review ?? null,
  };
}

/** The list's answer for these shapes, by last then first name as the server sends it. */
export function clientList(shapes: readonly ClientShape[]): ClientSummaryList {
  const clients = shapes
    .map((shape, index) => clientSummary(index, shape))
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  return { clients, generatedAt: mockNow.toISOString() };
}

/** An MSW handler answering the clients list with these shapes (added over the mocks). */
export const clientListHandler = (shapes: readonly ClientShape[]) =>
  http.get('*/api/analytics/clients', () => HttpResponse.json(clientList(shapes)));

const firstNames = ['Ava', 'Ben', 'Chloé', 'Dev', 'Emma', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jonas'];
const lastNames = ['Adams', 'Brown', 'Costa', 'Dubois', 'Evans', 'Fischer', 'García', 'Hansen'];
const steps: JourneyStep[] = ['learn', 'sense', 'sense', 'grow'];

/** `count` varied clients: every phase, some lagging, some silent, seeded by their index. */
export function manyClients(count: number): ClientShape[] {
  return Array.from({ length: count }, (_, index) => {
    const step = steps[index % steps.length] ?? 'sense';
    const wave = (offset: number) => 50 + ((index * 37 + offset * 11) % 50);
    return {
      firstName: firstNames[index % firstNames.length] ?? 'Ava',
      lastName: `${lastNames[Math.floor(index / firstNames.length) % lastNames.length]}${index >= 80 ? ` ${index}` : ''}`,
      step,
      day: 2 + (index % 9),
      hours: (index * 1.7) % 11,
      silentHours: index % 13 === 5 ? null : index % 7 === 3 ? 30 + index : (index % 5) + 1,
      indicators: [wave(1), wave(2), wave(3)],
      diligence: ((index * 29) % 100) / 100,
    };
  });
}
