import { randomUUID } from 'node:crypto';
import type { Report, ReportList } from '@coach/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDaily, seedPerson, seedStep, setNow } from '../../../../test/analytics.ts';
import { signInForTest, type TestUser } from '../../../../test/auth.ts';
import { callAs } from '../../../../test/clientRecords.ts';
import { pdfPageTexts } from '../../../../test/pdfText.ts';
import { startTestServer, type TestServer } from '../../../../test/testServer.ts';
import { schema } from '../../../db/index.ts';

/** 2025-06-12 14:30 in Berlin. */
const now = new Date('2025-06-12T12:30:00.000Z');

const notes = {
  mentalWellbeing: 'Sleeps better since the breathing exercises.',
  physicalWellbeing: 'Walks to work three days a week.',
  productivity: 'Fewer meetings, more deep work in the mornings.',
  finalComments: 'A steady phase: keep the morning routine.',
};

const reportsPath = (clientId: string) => `/api/resource/clients/${clientId}/reports`;

async function create(server: TestServer, user: TestUser, clientId: string, body: unknown) {
  return callAs(server, user, 'POST', reportsPath(clientId), body);
}

async function list(server: TestServer, user: TestUser, clientId: string) {
  return callAs(server, user, 'GET', reportsPath(clientId));
}

/** Downloads a report: status, content type and bytes. */
async function download(server: TestServer, user: TestUser, clientId: string, reportId: string) {
  const token = await signInForTest(server, user.userId);
  const response = await fetch(`${server.baseUrl}${reportsPath(clientId)}/${reportId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Sets a coach's language as Settings stores it. */
async function setLanguage(server: TestServer, user: TestUser, language: 'en-US' | 'es') {
  await server.database.db
    .update(schema.persons)
    .set({ language })
    .where(eq(schema.persons.id, user.personId));
}

async function storedReportCount(server: TestServer): Promise<number> {
  return (
    await server.database.db.select({ id: schema.clientReports.id }).from(schema.clientReports)
  ).length;
}

describe('client reports', () => {
  let server: TestServer;
  let coach: TestUser;
  let otherCoach: TestUser;
  /** Berlin, accepted 2025-05-01, in sense since 2025-06-05 (day 8 on the 12th). */
  let sam: TestUser;
  /** Accepted 2025-01-01: the journey is longer than a report's 90 days. */
  let lena: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ services: ['resource'] });
    setNow(server, now);
    coach = await seedPerson(server, {
      email: 'coach@example.com',
      type: 'coach',
      firstName: 'Carla',
      lastName: 'Mendes',
    });
    otherCoach = await seedPerson(server, { email: 'other@example.com', type: 'coach' });
    sam = await seedPerson(server, {
      email: 'sam@example.com',
      type: 'user',
      coachPersonId: coach.personId,
      firstName: 'Samuel',
      lastName: 'Okafor',
      timezone: 'Europe/Berlin',
      createdAt: new Date('2025-05-01T08:00:00.000Z'),
    });
    await seedStep(server, sam.personId, [
      { step: 'learn', startDate: '2025-05-01' },
      { step: 'sense', startDate: '2025-06-05' },
    ]);
    await seedDaily(server, sam.personId, [
      { date: '2025-06-02', productivity: 80, mental: 60.5, physical: 75 },
      { date: '2025-06-06', productivity: 65, mental: 72, physical: null },
      { date: '2025-06-11', productivity: 90, mental: 55, physical: 81 },
    ]);
    lena = await seedPerson(server, {
      email: 'lena@example.com',
      type: 'user',
      coachPersonId: coach.personId,
      createdAt: new Date('2025-01-01T08:00:00.000Z'),
    });
  });
  afterAll(() => server.close());

  it('stores a report of the journey so far, lists it and serves its PDF with the client, the notes and page numbers', async () => {
    const created = await create(server, coach, sam.personId, notes);
    expect(created.status).toBe(201);
    const report = created.body as Report;
    expect(report).toEqual({
      id: expect.any(String),
      clientId: sam.personId,
      createdAt: expect.any(String),
      author: { id: coach.personId, name: 'Carla Mendes' },
      period: { from: '2025-05-01', to: '2025-06-12' },
      phase: 'sense',
      phaseDay: 8,
      sizeBytes: expect.any(Number),
    });

    const listed = await list(server, coach, sam.personId);
    expect(listed.status).toBe(200);
    expect((listed.body as ReportList).items).toContainEqual(report);

    const pdf = await download(server, coach, sam.personId, report.id);
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(pdf.bytes.byteLength).toBe(report.sizeBytes);
    const text = (await pdfPageTexts(pdf.bytes)).join('\n');
    expect(text).toContain('Samuel Okafor');
    expect(text).toContain('Carla Mendes');
    expect(text).toContain('Sense, day 8');
    expect(text).toContain('May 1, 2025 – Jun 12, 2025 (43 days)');
    for (const note of Object.values(notes)) expect(text).toContain(note);
    // Mental: 60.5, 72 and 55 over the period: 62.5 on average, every day under 70.
    expect(text).toContain('62.5%');
    expect(text).toContain('Days under 70%');
    expect(text).toContain('Page 1 of');
  });

  it("writes the PDF in the coach's language: Spanish labels, dates and numbers", async () => {
    await setLanguage(server, coach, 'es');
    try {
      const created = await create(server, coach, sam.personId, notes);
      expect(created.status).toBe(201);
      const pdf = await download(server, coach, sam.personId, (created.body as Report).id);
      const text = (await pdfPageTexts(pdf.bytes)).join('\n');
      expect(text).toContain('Informe del cliente');
      expect(text).toContain('Cliente Samuel Okafor');
      expect(text).toContain('Periodo 1 may 2025 – 12 jun 2025 (43 días)');
      expect(text).toContain('Fase Sentir, día 8');
      expect(text).toContain('Generado 12 jun 2025');
      for (const label of [
        'Bienestar mental',
        'Bienestar físico',
        'Productividad',
        'Media del periodo',
        'Días con respuestas',
        'Días por debajo del 70 %',
        'Media de la fase Sentir',
        'Notas del coach',
        'Comentarios finales del coach',
        'Página 1 de',
      ]) {
        expect.soft(text).toContain(label);
      }
      // The same figure as in English, with a decimal comma and a spaced percent sign.
      expect(text).toContain('62,5 %');
      for (const english of ['Client report', 'Mental wellbeing', 'Page 1 of', '62.5']) {
        expect.soft(text).not.toContain(english);
      }
      for (const note of Object.values(notes)) expect(text).toContain(note);
    } finally {
      await setLanguage(server, coach, 'en-US');
    }
  });

  it('shows names in Greek and Cyrillic as written, not as missing glyphs', async () => {
    const alexis = await seedPerson(server, {
      email: 'alexis@example.com',
      type: 'user',
      coachPersonId: coach.personId,
      firstName: 'Αλέξης',
      lastName: 'Дмитрий',
      createdAt: new Date('2025-06-01T08:00:00.000Z'),
    });
    const created = await create(server, coach, alexis.personId, {
      ...notes,
      finalComments: 'Καλή συνέχεια. Хорошая работа.',
    });
    expect(created.status).toBe(201);
    const pdf = await download(server, coach, alexis.personId, (created.body as Report).id);
    const pages = await pdfPageTexts(pdf.bytes);
    const text = pages.join('\n');
    expect(text).toContain('Client Αλέξης Дмитрий');
    expect(text).toContain('Καλή συνέχεια. Хорошая работа.');
    // The footer of every page names the client too.
    for (const page of pages) expect(page).toContain('Αλέξης Дмитрий');
  });

  it('lists the newest first, with the period asked for', async () => {
    const first = await create(server, coach, sam.personId, notes);
    const second = await create(server, coach, sam.personId, {
      ...notes,
      from: '2025-06-01',
      to: '2025-06-07',
    });
    expect(second.status).toBe(201);
    expect((second.body as Report).period).toEqual({ from: '2025-06-01', to: '2025-06-07' });
    const { items } = (await list(server, coach, sam.personId)).body as ReportList;
    const ids = items.map((item) => item.id);
    expect(ids.indexOf((second.body as Report).id)).toBeLessThan(
      ids.indexOf((first.body as Report).id),
    );
  });

  it('cuts the default period to the last 90 days of a longer journey', async () => {
    const created = await create(server, coach, lena.personId, notes);
    expect(created.status).toBe(201);
    expect((created.body as Report).period).toEqual({ from: '2025-03-15', to: '2025-06-12' });
  });

  it('records who generated which report in the audit log, without the notes', async () => {
    const created = await create(server, coach, sam.personId, notes);
    const [entry] = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'report_generated'))
      .orderBy(schema.auditLog.id)
      .then((rows) => rows.filter((row) => row.details.reportId === (created.body as Report).id));
    expect(entry).toMatchObject({ actorUserId: coach.userId, subject: sam.personId });
    expect(JSON.stringify(entry)).not.toContain(notes.finalComments);
  });

  it("answers 'Client not found' to another coach on every report call, and stores nothing", async () => {
    const { id } = (await create(server, coach, sam.personId, notes)).body as Report;
    const before = await storedReportCount(server);
    const clientNotFound = { error: 'not_found', message: 'Client not found' };
    const created = await create(server, otherCoach, sam.personId, notes);
    expect({ status: created.status, body: created.body }).toEqual({
      status: 404,
      body: clientNotFound,
    });
    const listed = await list(server, otherCoach, sam.personId);
    expect({ status: listed.status, body: listed.body }).toEqual({
      status: 404,
      body: clientNotFound,
    });
    expect((await download(server, otherCoach, sam.personId, id)).status).toBe(404);
    expect(await storedReportCount(server)).toBe(before);
  });

  it('answers 404 for a report of another client, or one that does not exist', async () => {
    const { id } = (await create(server, coach, sam.personId, notes)).body as Report;
    expect((await download(server, coach, lena.personId, id)).status).toBe(404);
    expect((await download(server, coach, sam.personId, randomUUID())).status).toBe(404);
  });

  it('takes a note of 500 characters and refuses one of 501 with a 400, storing nothing', async () => {
    const atLimit = await create(server, coach, sam.personId, {
      ...notes,
      productivity: 'p'.repeat(500),
    });
    expect(atLimit.status).toBe(201);
    const before = await storedReportCount(server);
    const over = await create(server, coach, sam.personId, {
      ...notes,
      productivity: 'p'.repeat(501),
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'validation_failed' });
    expect(await storedReportCount(server)).toBe(before);
  });

  it('refuses a note with a NUL character, storing nothing', async () => {
    const before = await storedReportCount(server);
    const refused = await create(server, coach, sam.personId, {
      ...notes,
      finalComments: 'Good\u0000bye',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('not allowed') });
    expect(await storedReportCount(server)).toBe(before);
  });

  it('refuses a missing note, a half period, a reversed one and one over 90 days', async () => {
    const before = await storedReportCount(server);
    const { finalComments: _left, ...withoutFinal } = notes;
    const refusals = [
      { body: withoutFinal, error: 'validation_failed' },
      { body: { ...notes, from: '2025-06-01' }, error: 'invalid_range' },
      { body: { ...notes, from: '2025-06-10', to: '2025-06-01' }, error: 'invalid_range' },
      { body: { ...notes, from: '2025-01-01', to: '2025-04-01' }, error: 'invalid_range' },
    ];
    for (const { body, error } of refusals) {
      const response = await create(server, coach, sam.personId, body);
      expect.soft({ status: response.status, body: response.body }).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    expect(await storedReportCount(server)).toBe(before);
  });
});

/** A shut gate for the test renderer (test/gatedReportWorker.ts) and its handles. */
function createGate() {
  const gate = new SharedArrayBuffer(8);
  const cells = new Int32Array(gate);
  return {
    reports: { workerUrl: new URL('../../../../test/gatedReportWorker.ts', import.meta.url) },
    workerData: { gate },
    started: () => Atomics.load(cells, 1),
    open() {
      Atomics.store(cells, 0, 1);
      Atomics.notify(cells, 0);
    },
  };
}

describe('client reports while renders are running', () => {
  const started: { server: TestServer; gate: ReturnType<typeof createGate> }[] = [];

  async function startWithGate(size: number, queueMax: number) {
    const gate = createGate();
    const server = await startTestServer({
      services: ['resource'],
      reports: { ...gate.reports, workerData: gate.workerData, size, queueMax },
    });
    started.push({ server, gate });
    setNow(server, now);
    const coach = await seedPerson(server, { email: 'coach@example.com', type: 'coach' });
    const client = await seedPerson(server, {
      email: 'client@example.com',
      type: 'user',
      coachPersonId: coach.personId,
      createdAt: new Date('2025-05-01T08:00:00.000Z'),
    });
    return { server, gate, coach, client };
  }

  afterAll(async () => {
    for (const { server, gate } of started) {
      gate.open();
      await server.close();
    }
  });

  it('keeps answering /api/health while every renderer is busy', async () => {
    const { server, gate, coach, client } = await startWithGate(2, 4);
    let finished = 0;
    const creations = [1, 2, 3].map(() =>
      create(server, coach, client.personId, notes).finally(() => {
        finished += 1;
      }),
    );
    // Both renderers hold a job (the third waits): each would stall the event loop if it ran there.
    await vi.waitFor(() => expect(gate.started()).toBe(2), { timeout: 20_000, interval: 20 });
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(finished).toBe(0);
    gate.open();
    const answers = await Promise.all(creations);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
  });

  it('answers 503 with Retry-After when the renderers and their queue are full, storing nothing', async () => {
    const { server, gate, coach, client } = await startWithGate(1, 0);
    const running = create(server, coach, client.personId, notes);
    await vi.waitFor(() => expect(gate.started()).toBe(1), { timeout: 20_000, interval: 20 });
    const refused = await create(server, coach, client.personId, notes);
    expect({ status: refused.status, body: refused.body }).toMatchObject({
      status: 503,
      body: { error: 'server_busy' },
    });
    expect(refused.headers.get('retry-after')).toBe('5');
    gate.open();
    expect((await running).status).toBe(201);
    expect(await storedReportCount(server)).toBe(1);
  });
});
