import { type CoachActionList, coachActionLimits } from '@coach/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestPerson,
  createUserWithProfile,
  signInForTest,
  type TestResponse,
  type TestUser,
} from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import type { AuditAction } from '../../db/auditActions.ts';
import { schema } from '../../db/index.ts';

// "Who did what" on a client profile: the coach's own invite, phase changes and reports of one
// client, from the audit log, made through the real calls.

let server: TestServer;
let coach: TestUser;
let coachToken: string;
let otherCoachToken: string;
/** Ada: invited by the coach (sent, then resent), accepted, moved to sense, one report. */
let ada: { personId: string; userId: string; accessToken: string };
/** Ben: the coach's other client, moved to sense too. */
let ben: TestUser;
let reportId: string;

const notes = {
  mentalWellbeing: 'Secret mental note',
  physicalWellbeing: 'Secret physical note',
  productivity: 'Secret productivity note',
  finalComments: 'Secret final comments',
};
const nextPhase = { nextPhase: 'sense', goals: ['stressBalance'], bpm: 8, goalChoices: ['calm'] };
const actionsPath = (clientId: string) => `/api/analytics/clients/${clientId}/coachActions`;

function call(token: string, method: string, path: string, body?: unknown) {
  return callApi(server.baseUrl, method, path, { token, ...(body ? { body } : {}) });
}

function expectStatus(response: TestResponse, status: number): TestResponse {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response;
}

/** The token of the invite link of the newest mail, once the sink has more than `before`. */
async function newestInviteToken(before: number): Promise<string> {
  const mails = await server.mailSink.waitFor(before + 1);
  const text = mails[mails.length - 1]?.text ?? '';
  const link = /http:\/\/app\.coach\.test\/invite\?token=([A-Za-z0-9_%-]+)/.exec(text);
  return decodeURIComponent(link?.[1] ?? '');
}

async function actionsOf(clientId: string, token = coachToken): Promise<CoachActionList> {
  const response = expectStatus(await call(token, 'GET', actionsPath(clientId)), 200);
  return response.body as CoachActionList;
}

/** Appends audit rows as the services write them (the table is append-only). */
async function appendAudit(
  rows: {
    action: AuditAction;
    actorUserId: string;
    subject: string;
    outcome?: string | null;
    details?: Record<string, unknown>;
  }[],
) {
  await server.database.db.insert(schema.auditLog).values(
    rows.map((row) => ({
      organisationId: server.database.organisationId,
      action: row.action,
      actorUserId: row.actorUserId,
      subject: row.subject,
      outcome: row.outcome ?? null,
      details: row.details ?? {},
    })),
  );
}

beforeAll(async () => {
  server = await startTestServer({ services: ['auth', 'journey', 'resource', 'analytics'] });
  coach = await createUserWithProfile(server.database, {
    email: 'coach@example.com',
    password: 'Coach123!',
    type: 'coach',
  });
  const otherCoach = await createUserWithProfile(server.database, {
    email: 'other@example.com',
    password: 'Coach123!',
    type: 'coach',
  });
  coachToken = await signInForTest(server, coach.userId);
  otherCoachToken = await signInForTest(server, otherCoach.userId);
  ben = await createUserWithProfile(server.database, {
    email: 'ben@example.com',
    password: 'Client123!',
    type: 'user',
    coachPersonId: coach.personId,
  });

  // An invite to someone else, never accepted: not Ada's history.
  expectStatus(
    await call(coachToken, 'POST', '/api/auth/invites', { email: 'someone@example.com' }),
    201,
  );
  const invite = expectStatus(
    await call(coachToken, 'POST', '/api/auth/invites', { email: 'ada@example.com' }),
    201,
  ).body as { id: string };
  // Mail goes out after the answer: the first link has come before the resend's is looked for.
  await server.mailSink.waitForMailTo('ada@example.com');
  const mailsBefore = server.mailSink.received.length;
  expectStatus(await call(coachToken, 'POST', `/api/auth/invites/${invite.id}/resend`), 200);
  const token = await newestInviteToken(mailsBefore);
  const accepted = expectStatus(
    await callApi(server.baseUrl, 'POST', '/api/auth/invites/accept', {
      body: { token, password: 'Welcome123', firstName: 'Ada', lastName: 'Lovelace' },
    }),
    200,
  ).body as { accessToken: string };
  const [person] = await server.database.db
    .select({ id: schema.persons.id, userId: schema.persons.userId })
    .from(schema.persons)
    .where(eq(schema.persons.firstName, 'Ada'));
  if (!person) throw new Error('the acceptance made no person');
  ada = { personId: person.id, userId: person.userId, accessToken: accepted.accessToken };

  const phasePath = (clientId: string) => `/api/journey/clients/${clientId}/phase`;
  expectStatus(await call(coachToken, 'POST', phasePath(ada.personId), nextPhase), 200);
  expectStatus(await call(coachToken, 'POST', phasePath(ben.personId), nextPhase), 200);
  const reportsPath = `/api/resource/clients/${ada.personId}/reports`;
  const report = expectStatus(await call(coachToken, 'POST', reportsPath, notes), 201);
  reportId = (report.body as { id: string }).id;
});
afterAll(() => server?.close());

describe('analytics: the coach actions of a client', () => {
  it("lists the coach's invite, resend, phase change and report of the client, newest first", async () => {
    const { items } = await actionsOf(ada.personId);
    expect(
      items.map(({ kind, fromPhase, toPhase, reportId: id }) => ({ kind, fromPhase, toPhase, id })),
    ).toEqual([
      { kind: 'reportGenerated', fromPhase: null, toPhase: null, id: reportId },
      { kind: 'phaseChanged', fromPhase: 'learn', toPhase: 'sense', id: null },
      { kind: 'inviteResent', fromPhase: null, toPhase: null, id: null },
      { kind: 'invited', fromPhase: null, toPhase: null, id: null },
    ]);
    const instants = items.map((item) => Date.parse(item.at));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
  });

  it('never carries a note, an address or where the call came from', async () => {
    const response = await call(coachToken, 'GET', actionsPath(ada.personId));
    const text = JSON.stringify(response.body);
    for (const secret of [...Object.values(notes), 'ada@example.com', '127.0.0.1']) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps each client's own: Ben's history has only his phase change", async () => {
    const { items } = await actionsOf(ben.personId);
    expect(items.map((item) => item.kind)).toEqual(['phaseChanged']);
  });

  it('answers the one 404 to another coach, to the client and for an unknown id; 400 for a bad id', async () => {
    for (const token of [otherCoachToken, ada.accessToken]) {
      expectStatus(await call(token, 'GET', actionsPath(ada.personId)), 404);
    }
    expectStatus(await call(coachToken, 'GET', actionsPath(crypto.randomUUID())), 404);
    expectStatus(await call(coachToken, 'GET', actionsPath('not-an-id')), 400);
    expectStatus(await callApi(server.baseUrl, 'GET', actionsPath(ada.personId)), 401);
  });

  it("leaves out other people's actions on the client and failed attempts", async () => {
    const before = (await actionsOf(ben.personId)).items;
    await appendAudit([
      // Someone else's (a former coach, an operator) action on Ben.
      {
        action: 'phase_changed',
        actorUserId: ada.userId,
        subject: ben.personId,
        details: { from: 'sense', to: 'grow' },
      },
      // A report that failed, and an action that is no coach action.
      {
        action: 'report_generated',
        actorUserId: coach.userId,
        subject: ben.personId,
        outcome: 'failure',
      },
      { action: 'profile_updated', actorUserId: coach.userId, subject: ben.personId },
    ]);
    expect((await actionsOf(ben.personId)).items).toEqual(before);
  });

  it(`lists at most ${coachActionLimits.listMax}, the newest`, async () => {
    // A client of its own: Ben's history stays his one phase change.
    const cleo = await createTestPerson(server.database, 'cleo@example.com', coach);
    const extra = coachActionLimits.listMax + 5;
    await appendAudit(
      Array.from({ length: extra }, () => ({
        action: 'report_generated',
        actorUserId: coach.userId,
        subject: cleo.personId,
        outcome: 'success',
        details: { reportId: crypto.randomUUID() },
      })),
    );
    const { items } = await actionsOf(cleo.personId);
    expect(items).toHaveLength(coachActionLimits.listMax);
    expect(items.every((item) => item.kind === 'reportGenerated')).toBe(true);
    // Same instant (one insert): the later row first.
    const ids = items.map((item) => Number(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
