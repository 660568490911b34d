import { randomUUID } from 'node:crypto';
import type { AttentionEpisodeList, ClientSummaryList } from '@coach/api';
import { addDays, localDateOf } from '@coach/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSession } from '../../../../test/analytics.ts';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestUser,
} from '../../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../../test/testServer.ts';
import { schema } from '../../../db/index.ts';
import { createEpisodeSweep, type EpisodeSweepOptions } from './sweep.ts';

// The attention episodes through the server: the sweep opens and ends them by the clients list's
// rule, the coach's actions through the API mark the first action, data sent over the API ends
// them, and the coach reads the episodes and the kept figures; nobody else does.

const hour = 3_600_000;
const day = 24 * hour;
const silentLog = { info: () => {}, warn: () => {} };

describe('attention episodes', () => {
  let server: TestServer;
  const clock = { now: new Date() };

  /** One test's people: a coach of three clients, and another coach without any. */
  type World = {
    coach: TestUser;
    otherCoach: TestUser;
    /** Last connected 30 h before `t0`. */
    away: TestUser;
    /** Never connected. */
    silent: TestUser;
    /** Last connected 1 h before `t0`. */
    busy: TestUser;
    /** Day 4 of learn: every part of the rule judges. */
    t0: Date;
  };

  const person = (email: string, coachOf?: TestUser) =>
    createUserWithProfile(server.database, {
      email,
      password: 'Password1',
      type: coachOf ? 'user' : 'coach',
      coachPersonId: coachOf?.personId ?? null,
      timezone: 'Europe/Madrid',
    });

  /** A sweep of its own (a process of its own) whose clock stands at `at`. */
  const sweepAt = (at: Date, options?: Partial<EpisodeSweepOptions>) =>
    createEpisodeSweep({
      database: server.database,
      organisationId: server.database.organisationId,
      now: () => at,
      log: silentLog,
      ...(options ? { options } : {}),
    }).tick();

  /**
   * The people of one test, their addresses named after `name`. A sweep reaches every coach of the
   * organisation that is due, so the coaches other tests left due (never swept, or marked stale by
   * an action) are swept first, all in one tick, at an instant past any test's: this test's
   * sweeps then find only its own coaches due, and what they count is its own.
   */
  async function seedWorld(name: string): Promise<World> {
    await sweepAt(new Date(Date.now() + 1000 * day), { coachesPerTick: 1000 });
    const coach = await person(`${name}.coach@example.com`);
    const otherCoach = await person(`${name}.other.coach@example.com`);
    const away = await person(`${name}.away@example.com`, coach);
    const silent = await person(`${name}.silent@example.com`, coach);
    const busy = await person(`${name}.busy@example.com`, coach);
    const t0 = new Date(Date.now() + 3 * day);
    await seedSession(
      server,
      away.personId,
      new Date(t0.getTime() - 31 * hour),
      new Date(t0.getTime() - 30 * hour),
    );
    await seedSession(
      server,
      busy.personId,
      new Date(t0.getTime() - 5 * hour),
      new Date(t0.getTime() - hour),
    );
    return { coach, otherCoach, away, silent, busy, t0 };
  }

  async function call(user: TestUser, method: string, path: string, body?: unknown) {
    return callApi(server.baseUrl, method, path, {
      token: await signInForTest(server, user.userId),
      ...(body === undefined ? {} : { body }),
    });
  }

  const episodesOf = async (user: TestUser, client: TestUser) =>
    call(user, 'GET', `/api/analytics/clients/${client.personId}/episodes`);
  /** The coach's attention figures as the clients list answers them. */
  const figuresOf = async (user: TestUser) => {
    const response = await call(user, 'GET', '/api/analytics/clients');
    return { status: response.status, body: (response.body as ClientSummaryList).attentionFigures };
  };
  const itemsOf = async (coach: TestUser, client: TestUser) =>
    ((await episodesOf(coach, client)).body as AttentionEpisodeList).items;
  /** Time for the notices published so far to reach their listeners. */
  const noticesDelivered = () => new Promise((resolve) => setTimeout(resolve, 50));

  /**
   * The coach's actions after the sweep at `t0` opened the episodes of away and silent: a note on
   * away 5 h on and another 6 h on, then a follow-up of silent dated 2 h on.
   */
  async function act({ coach, away, silent, t0 }: World) {
    clock.now = new Date(t0.getTime() + 5 * hour);
    const note = await call(coach, 'POST', `/api/notes/clients/${away.personId}/notes`, {
      id: randomUUID(),
      text: 'Called, no answer',
    });
    clock.now = new Date(t0.getTime() + 6 * hour);
    await call(coach, 'POST', `/api/notes/clients/${away.personId}/notes`, {
      id: randomUUID(),
      text: 'Second try',
    });
    clock.now = new Date(t0.getTime() + 2 * hour);
    const followUp = await call(coach, 'PUT', `/api/notes/clients/${silent.personId}/followUp`, {
      dueDate: addDays(localDateOf(clock.now, 'Europe/Madrid'), 7),
      reason: 'Ask how the first week went',
    });
    return { note, followUp };
  }

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth', 'account', 'analytics', 'notes', 'device-metrics'],
      now: () => clock.now,
    });
  });
  afterAll(() => server?.close());

  it('opens an episode for each client who needs attention, with the reasons of the list, and keeps the figures', async () => {
    const { coach, away, busy, t0 } = await seedWorld('opens');
    clock.now = t0;
    // Read once before: the list's answer is kept; the sweep's figures must still show after it.
    expect((await figuresOf(coach)).body).toMatchObject({ episodes: 0, keptAt: null });
    expect(await sweepAt(t0)).toEqual({ coaches: 2, opened: 2, ended: 0 });

    const response = await episodesOf(coach, away);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [
        {
          id: expect.any(String),
          clientId: away.personId,
          startedAt: t0.toISOString(),
          reasons: [
            {
              kind: 'noData',
              lastConnectedAt: new Date(t0.getTime() - 30 * hour).toISOString(),
              hoursSilent: 30,
            },
          ],
          firstActionAt: null,
          firstActionKind: null,
          endedAt: null,
        },
      ],
      generatedAt: t0.toISOString(),
    });
    expect(await itemsOf(coach, busy)).toEqual([]);

    const figures = await figuresOf(coach);
    expect(figures.body).toEqual({
      days: 30,
      episodes: 2,
      actedOn: 0,
      medianHoursToFirstAction: null,
      endedAfterAction: 0,
      endedWithoutAction: 0,
      keptAt: t0.toISOString(),
    });
    // A sweep again at the same state changes nothing.
    expect(await sweepAt(new Date(t0.getTime() + 1000))).toMatchObject({ opened: 0, ended: 0 });
  });

  it("marks the coach's first action (a note, a follow-up) and keeps it when the coach acts again", async () => {
    const world = await seedWorld('acts');
    const { coach, away, silent, t0 } = world;
    // The sweep at t0 opens the episodes of away and silent.
    await sweepAt(t0);
    const { note, followUp } = await act(world);
    expect(note.status).toBe(201);
    expect(followUp.status, JSON.stringify(followUp.body)).toBe(200);

    const [awayEpisode] = await itemsOf(coach, away);
    expect(awayEpisode).toMatchObject({
      firstActionAt: new Date(t0.getTime() + 5 * hour).toISOString(),
      firstActionKind: 'note',
    });
    const [silentEpisode] = await itemsOf(coach, silent);
    expect(silentEpisode).toMatchObject({
      firstActionAt: new Date(t0.getTime() + 2 * hour).toISOString(),
      firstActionKind: 'followUp',
    });
    const [figuresRow] = await server.database.db
      .select()
      .from(schema.coachAttentionFigures)
      .where(eq(schema.coachAttentionFigures.coachPersonId, coach.personId));
    expect(figuresRow?.isStale).toBe(true);
  });

  it('ends the episode when the client is back through the API, and the figures count it as ended after the action', async () => {
    const world = await seedWorld('ends');
    const { coach, away, t0 } = world;
    // The sweep at t0 opens the episodes of away and silent.
    await sweepAt(t0);
    await act(world);
    // Two days on, the busy client has been silent for 49 h: an episode of their own, no action.
    const back = new Date(t0.getTime() + 2 * day);
    clock.now = back;
    const token = await signInForTest(server, away.userId);
    const batch = await callApi(server.baseUrl, 'POST', '/api/device-metrics/batches', {
      token,
      body: {
        samples: [],
        sessions: [
          {
            id: randomUUID(),
            startedAt: new Date(back.getTime() - 3 * hour).toISOString(),
            endedAt: new Date(back.getTime() - 60_000).toISOString(),
          },
        ],
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBeLessThan(300);
    const swept = await sweepAt(back);
    expect(swept).toMatchObject({ opened: 1, ended: 1 });

    const [episode] = await itemsOf(coach, away);
    expect(episode).toMatchObject({ endedAt: back.toISOString(), firstActionKind: 'note' });
    const figures = await figuresOf(coach);
    // Acted on after 5 h (away, ended 43 h after the note) and 2 h (silent, open); busy not yet.
    expect(figures.body).toMatchObject({
      episodes: 3,
      actedOn: 2,
      medianHoursToFirstAction: 3.5,
      endedAfterAction: 1,
      endedWithoutAction: 0,
      keptAt: back.toISOString(),
    });
  });

  it('keeps a later sweep when an older one (a slower process) commits after it', async () => {
    const { coach, t0 } = await seedWorld('later');
    const later = new Date(t0.getTime() + 3 * day);
    await sweepAt(later);
    expect(await sweepAt(new Date(t0.getTime() + 2.5 * day))).toMatchObject({
      opened: 0,
      ended: 0,
    });
    const figures = await figuresOf(coach);
    expect(figures.body).toMatchObject({ keptAt: later.toISOString() });
  });

  it("answers another coach the one 404 of client calls, a client 403 for the list, and the other coach's own empty figures", async () => {
    const { otherCoach, away, t0 } = await seedWorld('others');
    // The sweep at t0 opens the episodes of away and silent.
    await sweepAt(t0);
    const stranger = await episodesOf(otherCoach, away);
    expect(stranger.status).toBe(404);
    expect((await episodesOf(away, away)).status).toBe(404);
    expect((await figuresOf(away)).status).toBe(403);
    const own = await figuresOf(otherCoach);
    expect(own.body).toMatchObject({ episodes: 0, actedOn: 0, medianHoursToFirstAction: null });
  });

  it("sweeps a coach's clients within a tick of a change heard from the notices", async () => {
    const { busy, t0 } = await seedWorld('heard');
    // The episodes open, and their notices reach their listeners, before this process listens.
    await sweepAt(t0);
    await noticesDelivered();
    clock.now = t0;
    const sweep = createEpisodeSweep({
      database: server.database,
      organisationId: server.database.organisationId,
      now: () => clock.now,
      log: silentLog,
      options: { tickMs: 60_000, resweepMs: 60 * day },
    });
    await sweep.start();
    try {
      await sweep.tick();
      // Busy goes silent for a day and a half; nothing arrives, nothing is heard: no sweep of it.
      clock.now = new Date(t0.getTime() + 3 * day + hour);
      expect(await sweep.tick()).toMatchObject({ coaches: 0 });
      // A batch of the busy client is heard: the next tick sweeps their coach.
      const token = await signInForTest(server, busy.userId);
      await callApi(server.baseUrl, 'POST', '/api/device-metrics/batches', {
        token,
        body: {
          samples: [],
          sessions: [
            {
              id: randomUUID(),
              startedAt: new Date(clock.now.getTime() - 2 * hour).toISOString(),
              endedAt: new Date(clock.now.getTime() - hour).toISOString(),
            },
          ],
        },
      });
      // Its notice reaches the sweep in its own time (across processes on PostgreSQL): a tick
      // after it sweeps their coach.
      await expect.poll(async () => (await sweep.tick()).coaches, { timeout: 10_000 }).toBe(1);
    } finally {
      await sweep.stop();
    }
  });
});
