// The mixed load: virtual users that do what the product's people do, each on its own keep-alive
// connection and client address, one call at a time, with no pause between calls (so `n`
// virtual users keep `n` connections busy, as `autocannon -c n` does).
//
// - Coaches (45 %): the clients list, then a client's profile as the app loads it (journey,
//   header, 30-day series, activity, reflections, assessments, exercises, own actions, reports);
//   on one profile in `reportEveryVisits`, from its header, a PDF report generated and downloaded.
// - Clients (45 %): device samples and a usage session in one batch (the app's periodic send);
//   every few batches an assessment (in progress, then complete) and, when one of their
//   reflection windows is open, a reflection.
// - Sign-ins (10 %): one of many accounts signs in, reads who it is, refreshes twice, signs out,
//   then the next account.
// Coaches and clients open their sessions before the measured time (people who kept theirs, not
// a crowd signing in in the same second) and refresh their tokens every `refreshEverySeconds`
// (the app's refresh of an expiring access token, brought closer together). Every user starts
// at the same instant, as every open app calls again after a restart or a network cut: the
// harshest start, the one that found the pool's limit (see packages/server/src/http/admission.ts).
import { randomUUID } from 'node:crypto';
import { bulkClientEmail, bulkPassword } from '@coach/simulator/bulk';
import type {
  Calendar,
  ClientSummaryList,
  Person,
  Report,
  Tokens,
  User,
} from '../../packages/api/src/index.ts';
import { addDays, localDateOf, maxRangeDays } from '../../packages/domain/src/index.ts';
import { createConcurrencyLimit } from '../../packages/server/src/services/auth/concurrencyLimit.ts';
import { CallFailed, type Recorder, VirtualUserConnection } from './client.ts';

/** The accounts the load signs in with (from the bulk load). */
export type LoadAccounts = {
  coachEmails: string[];
  /** Clients 1..clientCount exist (`bulkClientEmail`). */
  clientCount: number;
  /** The clients of the first coach: they have raw surveys, exercises and samples. */
  firstCoachClients: number;
};

export type MixOptions = {
  /** Server base URLs; virtual users are spread over them in turn. */
  bases: string[];
  connections: number;
  seconds: number;
  accounts: LoadAccounts;
  recorder: Recorder;
  /** Distinguishes the client addresses of successive runs (0..255). */
  addressBlock: number;
};

const refreshEverySeconds = 15;
const reportEveryVisits = 12;
const assessmentEveryBatches = 6;
const samplesPerBatch = 60;

const reportNotes = {
  mentalWellbeing: 'Sleeps better since the breathing exercises; evenings are still hard.',
  physicalWellbeing: 'Walks to work three days a week and started a beginner yoga class.',
  productivity: 'Fewer meetings, more deep work in the mornings.',
  finalComments: 'A steady phase: keep the morning routine and the walks going.',
};

type Role = 'coach' | 'client' | 'signIn';

/** The role of virtual user `index` of `count`: 45 % coaches, 45 % clients, 10 % sign-ins. */
export function roleOf(index: number, count: number): Role {
  const signIns = Math.max(1, Math.round(count * 0.1));
  if (index < signIns) return 'signIn';
  return (index - signIns) % 2 === 0 ? 'coach' : 'client';
}

/** A distinct address per virtual user, in the benchmarking range 198.18.0.0/15 (RFC 2544). */
function addressOf(block: number, index: number): string {
  return `198.${18 + (block % 2)}.${Math.floor(block / 2) % 256}.${(index % 254) + 1}`;
}

/** Sign-ins at once while the coaches and clients open their sessions (before the measure). */
const setupConcurrency = 16;

/**
 * Runs the mix: first every coach and client opens a session (not measured: they are people who
 * kept theirs, as the app does for 14 days), then every virtual user works for `seconds`. Resolves
 * when every virtual user has finished its last call.
 */
export async function runMix(options: MixOptions): Promise<{ seconds: number }> {
  const { connections, recorder } = options;
  let signInCursor = 0;
  const nextSignInAccount = () => {
    // Accounts past the clients the client users and coaches use, each once before any again.
    const first = options.accounts.firstCoachClients + 1;
    const span = Math.max(1, options.accounts.clientCount - first + 1);
    const index = first + (signInCursor % span);
    signInCursor += 1;
    return bulkClientEmail(index);
  };
  let deadline = Number.POSITIVE_INFINITY;
  let clientCursor = 0;
  let coachCursor = 0;
  const setupSlots = createConcurrencyLimit(setupConcurrency);
  const users = Array.from({ length: connections }, (_, index) => {
    const base = options.bases[index % options.bases.length] ?? '';
    const connection = new VirtualUserConnection(
      base,
      addressOf(options.addressBlock, index),
      recorder,
    );
    const user: UserContext = { connection, isOver: () => performance.now() >= deadline };
    const role = roleOf(index, connections);
    if (role === 'coach') {
      // Coach users take the coaches in turn (two users of one coach are two open tabs).
      const { coachEmails } = options.accounts;
      const number = coachCursor;
      coachCursor += 1;
      const email = coachEmails[number % coachEmails.length] ?? '';
      const ready = setupSlots(() => openSession(user, email));
      return { connection, ready, role, user, number };
    }
    if (role === 'client') {
      // The first coach's clients have the raw history; the others follow.
      clientCursor += 1;
      const email = bulkClientEmail(clientCursor);
      const ready = setupSlots(() => openSession(user, email));
      return { connection, ready, role, user, number: clientCursor };
    }
    return { connection, ready: Promise.resolve(null), role, user, number: 0 };
  });
  try {
    const sessions = await Promise.all(users.map((entry) => entry.ready));
    recorder.isMeasuring = true;
    const started = performance.now();
    deadline = started + options.seconds * 1000;
    await Promise.all(
      users.map(async ({ role, user, number }, index) => {
        const session = sessions[index];
        if (role === 'signIn' || !session) return signInUser(user, nextSignInAccount);
        if (role === 'coach') return coachUser(user, session, number);
        return clientUser(user, session);
      }),
    );
    recorder.isMeasuring = false;
    return { seconds: (performance.now() - started) / 1000 };
  } finally {
    recorder.isMeasuring = false;
    for (const { connection } of users) connection.close();
  }
}

type UserContext = { connection: VirtualUserConnection; isOver: () => boolean };

function sleep(ms: number) {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}

/**
 * Runs `work` until the run is over. A failed call (already recorded) makes the user start over
 * after a moment, as a person would retry; other errors are bugs of the load and end the run.
 */
async function untilOver(user: UserContext, work: () => Promise<void>) {
  while (!user.isOver()) {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      await sleep(200);
    }
  }
}

/** A session: its access token, refreshed every `refreshEverySeconds` (the app's refresh). */
type Session = { email: string; accessToken: () => Promise<string> };

/** Signs in (not measured, up to 3 tries) and answers the session. */
async function openSession(user: UserContext, email: string): Promise<Session> {
  let tokens: Tokens | null = null;
  for (let attempt = 1; !tokens; attempt += 1) {
    try {
      tokens = await user.connection.call<Tokens>('login', {
        body: { email, password: bulkPassword },
      });
    } catch (error) {
      if (!(error instanceof CallFailed) || attempt === 3) {
        throw new Error(`the load could not sign in ${email} before the measure: ${error}`);
      }
    }
  }
  let current = tokens;
  let refreshedAt = performance.now();
  return {
    email,
    accessToken: async () => {
      if (performance.now() - refreshedAt >= refreshEverySeconds * 1000) {
        current = await user.connection.call<Tokens>('refresh', {
          body: { refreshToken: current.refreshToken },
        });
        refreshedAt = performance.now();
      }
      return current.accessToken;
    },
  };
}

/**
 * Coach user `number`: the list, then a profile, over and over, and a report on one profile in
 * `reportEveryVisits`; the users are shifted from one another, so that reports come from the
 * first profiles of the run on, spread over it.
 */
async function coachUser(user: UserContext, session: Session, number: number) {
  const { connection } = user;
  const token = session.accessToken;
  let visits = number % reportEveryVisits;
  await untilOver(user, async () => {
    const list = await connection.call<ClientSummaryList>('listClientSummaries', {
      token: await token(),
    });
    const client = list.clients[Math.floor(Math.random() * list.clients.length)];
    if (!client || user.isOver()) return;
    const params = { clientId: client.clientId };
    const today = localDateOf(new Date(), client.timezone);
    const lists = listRange();
    await connection.call('getJourney', { params, token: await token() });
    await connection.call('getClientProfileSummary', { params, token: await token() });
    visits += 1;
    if (visits % reportEveryVisits === 0) {
      // From the profile's header: generate the report, then download it.
      const report = await connection.call<Report>('createClientReport', {
        params,
        body: reportNotes,
        token: await token(),
      });
      await connection.call('getClientReport', {
        params: { ...params, reportId: report.id },
        token: await token(),
      });
    }
    await connection.call('getClientSeries', {
      params,
      query: { from: addDays(today, -29), to: today },
      token: await token(),
    });
    await connection.call('getClientActivity', {
      params,
      query: { limit: 20 },
      token: await token(),
    });
    await connection.call('listReflections', { params, query: lists, token: await token() });
    await connection.call('listAssessments', { params, query: lists, token: await token() });
    await connection.call('listExercises', { params, query: lists, token: await token() });
    await connection.call('listClientCoachActions', { params, token: await token() });
    await connection.call('listClientReports', { params, token: await token() });
  });
}

/** The profile lists' dates: a year up to tomorrow's UTC date (as the app asks). */
function listRange() {
  const to = addDays(new Date().toISOString().slice(0, 10), 1);
  return { from: addDays(to, 1 - maxRangeDays), to };
}

async function clientUser(user: UserContext, session: Session) {
  const { connection } = user;
  const token = session.accessToken;
  let person: Person | undefined;
  let batches = 0;
  await untilOver(user, async () => {
    if (!person) {
      // What the app reads once after opening: who is signed in, and their profile.
      const me = await connection.call<User>('currentSession', { token: await token() });
      [person] = await connection.call<Person[]>('listPersons', {
        query: { userId: me.id },
        token: await token(),
      });
      if (!person) throw new Error(`no profile for ${session.email}`);
    }
    await connection.call('postDeviceMetrics', { body: deviceBatch(), token: await token() });
    batches += 1;
    if (batches % assessmentEveryBatches !== 0 || user.isOver()) return;
    const assessment = { id: randomUUID(), name: 'Wellbeing assessment', answers: { sleep: 4 } };
    await connection.call('submitAssessment', {
      body: { ...assessment, status: 'inProgress', answeredAt: new Date().toISOString() },
      expect: 201,
      token: await token(),
    });
    await connection.call('submitAssessment', {
      body: {
        ...assessment,
        status: 'complete',
        answers: { sleep: 4, energy: 'good' },
        answeredAt: new Date().toISOString(),
      },
      expect: 200,
      token: await token(),
    });
    await reflectWhenOpen(user, person, await token());
  });
}

/** Reads today's calendar and answers the reflection window open now, if any. */
async function reflectWhenOpen(user: UserContext, person: Person, accessToken: string) {
  const today = localDateOf(new Date(), person.timezone);
  const calendar = await user.connection.call<Calendar>('getCalendar', {
    params: { clientId: person.id },
    query: { from: today, to: today },
    token: accessToken,
  });
  const now = new Date().toISOString();
  const open = calendar.events.find(
    (event) =>
      (event.surveyType === 'reflection' || event.surveyType === 'morningReflection') &&
      event.status === 'active' &&
      event.startsAt <= now &&
      now < event.endsAt,
  );
  if (!open?.surveyType || open.surveyType === 'assessment') return;
  await user.connection.call('submitReflection', {
    body: {
      id: randomUUID(),
      type: open.surveyType,
      answeredAt: new Date().toISOString(),
      answers: { productivity: 70, mental: 64, physical: 58 },
    },
    expect: 201,
    token: accessToken,
  });
}

/** A batch as the client app sends it: the last minutes' samples and the session just ended. */
function deviceBatch() {
  const now = Date.now();
  const samples = Array.from({ length: samplesPerBatch }, (_, index) => {
    const kind = (['hrv', 'pulse', 'respiratory'] as const)[index % 3] ?? 'hrv';
    const value =
      kind === 'hrv'
        ? 30 + Math.random() * 70
        : kind === 'pulse'
          ? 55 + Math.random() * 35
          : 10 + Math.random() * 8;
    return {
      id: randomUUID(),
      kind,
      value,
      measuredAt: new Date(now - 5_000 - index * 10_000).toISOString(),
    };
  });
  const sessionEnd = now - 1_000;
  return {
    samples,
    sessions: [
      {
        id: randomUUID(),
        startedAt: new Date(sessionEnd - 600_000).toISOString(),
        endedAt: new Date(sessionEnd).toISOString(),
      },
    ],
  };
}

async function signInUser(user: UserContext, nextAccount: () => string) {
  await untilOver(user, async () => {
    const { connection } = user;
    const tokens = await connection.call<Tokens>('login', {
      body: { email: nextAccount(), password: bulkPassword },
    });
    await connection.call('currentSession', { token: tokens.accessToken });
    const once = await connection.call<Tokens>('refresh', {
      body: { refreshToken: tokens.refreshToken },
    });
    const twice = await connection.call<Tokens>('refresh', {
      body: { refreshToken: once.refreshToken },
    });
    await connection.call('logout', { body: { refreshToken: twice.refreshToken } });
  });
}
