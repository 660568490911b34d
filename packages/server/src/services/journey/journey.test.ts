import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth.ts';
import {
  callAs,
  changePhase,
  seedPerson,
  startClockedServer,
} from '../../../test/clientRecords.ts';
import type { TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let coachA: TestUser;
let coachB: TestUser;
let client: TestUser;
let other: TestUser;
// One client per phase test, so each starts from the phase it needs whatever ran before it.
let senseClient: TestUser;
let backClient: TestUser;
let growClient: TestUser;

const journeyPath = (id: string) => `/api/journey/clients/${id}/journey`;
const phasePath = (id: string) => `/api/journey/clients/${id}/phase`;

const call = (user: TestUser | null, method: 'GET' | 'POST', path: string, body?: unknown) =>
  callAs(server, user, method, path, body);

const phase = (nextPhase: string, bpm: number = 8) => ({
  nextPhase,
  goals: ['stressBalance', 'breathing'],
  bpm,
  goalChoices: ['calm', 'focus'],
});

// The services' clock stands at noon in Tokyo on 2026-03-10; the clients were accepted two days
// before, so "today" and the day counts never depend on when the tests run.
const now = new Date('2026-03-10T03:00:00Z');
const today = '2026-03-10';
const acceptedOn = '2026-03-08';

beforeAll(async () => {
  ({ server } = await startClockedServer(['journey'], now));
  const seed = (email: string, coach?: TestUser) =>
    seedPerson(server, {
      email,
      timezone: 'Asia/Tokyo',
      ...(coach ? { coach, createdAt: new Date('2026-03-08T01:00:00Z') } : {}),
    });
  coachA = await seed('coach-a@example.com');
  coachB = await seed('coach-b@example.com');
  client = await seed('client@example.com', coachA);
  other = await seed('other@example.com', coachA);
  senseClient = await seed('sense@example.com', coachA);
  backClient = await seed('back@example.com', coachA);
  growClient = await seed('grow@example.com', coachA);
});
afterAll(() => server.close());

describe('GET /api/journey/clients/:clientId/journey', () => {
  it('answers learn from the acceptance for a fresh client, storing nothing', async () => {
    const response = await call(coachA, 'GET', journeyPath(other.personId));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      clientId: other.personId,
      currentStep: 'learn',
      startDate: acceptedOn,
      currentDay: 3,
      timezone: 'Asia/Tokyo',
      nextPhasePlanned: true,
      nextPhase: 'sense',
      nextPhaseMessage: null,
      steps: [{ step: 'learn', status: 'active', startDate: acceptedOn, startedByPersonId: null }],
    });
    const rows = await server.database.db
      .select()
      .from(schema.journeys)
      .where(eq(schema.journeys.clientPersonId, other.personId));
    expect(rows).toEqual([]);
  });

  it('lets a client read their own journey', async () => {
    const response = await call(client, 'GET', journeyPath(client.personId));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ clientId: client.personId, currentStep: 'learn' });
  });

  it("answers 404 to another coach, for another client's journey, a coach id or an unknown id", async () => {
    const notFound = { error: 'not_found', message: 'Client not found' };
    for (const [user, id] of [
      [coachB, client.personId],
      [other, client.personId],
      [coachA, coachB.personId],
      [coachA, randomUUID()],
    ] as const) {
      const response = await call(user, 'GET', journeyPath(id));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(notFound);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await call(null, 'GET', journeyPath(client.personId))).status).toBe(401);
    expect((await call(null, 'POST', phasePath(client.personId), phase('sense'))).status).toBe(401);
  });
});

describe('POST /api/journey/clients/:clientId/phase', () => {
  it('refuses a bad BPM, an unknown goal and an unknown phase (400)', async () => {
    for (const body of [
      phase('sense', 7),
      { ...phase('sense'), goals: ['flying'] },
      { ...phase('sense'), goalChoices: ['sleep'] },
      { ...phase('sense'), goals: [] },
      phase('dream'),
    ]) {
      expect((await call(coachA, 'POST', phasePath(client.personId), body)).status).toBe(400);
    }
  });

  it("answers 404 to another coach and to the client themself (only the client's coach)", async () => {
    for (const user of [coachB, client]) {
      const response = await call(user, 'POST', phasePath(client.personId), phase('sense'));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Client not found' });
    }
  });

  it('starts sense after learn, storing who and when in one go', async () => {
    const response = await call(coachA, 'POST', phasePath(senseClient.personId), phase('sense'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      currentStep: 'sense',
      startDate: today,
      currentDay: 1,
      nextPhase: 'grow',
      steps: [
        { step: 'learn', status: 'completed' },
        {
          step: 'sense',
          status: 'active',
          startDate: today,
          goals: ['stressBalance', 'breathing'],
          bpm: 8,
          goalChoices: ['calm', 'focus'],
          startedByPersonId: coachA.personId,
          completedAt: null,
        },
      ],
    });
    const [sense] = await server.database.db
      .select()
      .from(schema.journeySteps)
      .where(
        and(
          eq(schema.journeySteps.clientPersonId, senseClient.personId),
          eq(schema.journeySteps.step, 'sense'),
        ),
      );
    expect(sense?.startedByPersonId).toBe(coachA.personId);
    expect(sense?.startedAt?.toISOString()).toBe(now.toISOString());
    const [journey] = await server.database.db
      .select()
      .from(schema.journeys)
      .where(eq(schema.journeys.clientPersonId, senseClient.personId));
    expect(journey?.currentStep).toBe('sense');
    const audit = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'phase_changed'),
          eq(schema.auditLog.subject, senseClient.personId),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(coachA.userId);
    expect(audit[0]?.details).toEqual({ from: 'learn', to: 'sense' });

    const read = await call(senseClient, 'GET', journeyPath(senseClient.personId));
    expect(read.body).toMatchObject({ currentStep: 'sense' });
  });

  it('refuses going back to learn, or sense again, once on sense (409, irreversible)', async () => {
    await changePhase(server, coachA, backClient, 'sense');
    for (const nextPhase of ['learn', 'sense']) {
      const response = await call(coachA, 'POST', phasePath(backClient.personId), phase(nextPhase));
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ error: 'not_next_phase' });
      expect((response.body as { message: string }).message).toContain(
        'once changing journey phase, you can not return the old one',
      );
    }
  });

  it('starts grow after sense, then answers that no phase is planned (409)', async () => {
    await changePhase(server, coachA, growClient, 'sense');
    const grow = await call(coachA, 'POST', phasePath(growClient.personId), phase('grow', 6));
    expect(grow.status).toBe(200);
    expect(grow.body).toMatchObject({
      currentStep: 'grow',
      nextPhasePlanned: false,
      nextPhase: null,
      nextPhaseMessage: 'No new phases are planned yet',
      steps: [
        { step: 'learn', status: 'completed' },
        { step: 'sense', status: 'completed' },
        { step: 'grow', status: 'active', bpm: 6 },
      ],
    });
    for (const nextPhase of ['grow', 'learn', 'sense']) {
      const response = await call(coachA, 'POST', phasePath(growClient.personId), phase(nextPhase));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: 'no_phase_planned',
        message: 'No new phases are planned yet',
      });
    }
  });
});
