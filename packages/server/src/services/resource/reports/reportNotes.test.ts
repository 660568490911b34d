import { randomUUID } from 'node:crypto';
import type { Report } from '@coach/api';
import { reportLimits } from '@coach/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPerson, seedStep, setNow } from '../../../../test/analytics.ts';
import { signInForTest, type TestUser } from '../../../../test/auth.ts';
import { callAs } from '../../../../test/clientRecords.ts';
import { pdfPageTexts } from '../../../../test/pdfText.ts';
import { startTestServer, type TestServer } from '../../../../test/testServer.ts';
import { schema } from '../../../db/index.ts';

/** 2025-06-12 14:30 in Berlin. */
const now = new Date('2025-06-12T12:30:00.000Z');

const sectionNotes = {
  mentalWellbeing: 'Calmer.',
  physicalWellbeing: 'Walks more.',
  productivity: 'Focused mornings.',
  finalComments: 'Keep going.',
};

/** The period of the reports here: 5 to 11 June in Berlin (the client's time zone). */
const period = { from: '2025-06-05', to: '2025-06-11' };

const reportsPath = (clientId: string) => `/api/resource/clients/${clientId}/reports`;

describe("a report with the coach's notes of its period", () => {
  let server: TestServer;
  let coach: TestUser;
  let otherCoach: TestUser;
  /** Berlin, Carla's client. */
  let sam: TestUser;
  /** Carla's client with more notes in the period than a report lists. */
  let noor: TestUser;

  /** Writes a note as the notes service stores it, at `writtenAt`. */
  async function seedNote(author: TestUser, client: TestUser, writtenAt: string, text: string) {
    await server.database.db.insert(schema.clientNotes).values({
      id: randomUUID(),
      organisationId: server.database.organisationId,
      clientPersonId: client.personId,
      coachPersonId: author.personId,
      text,
      writtenAt: new Date(writtenAt),
    });
  }

  /** Generates a report and reads its PDF's text. */
  async function reportText(client: TestUser, body: Record<string, unknown>): Promise<string> {
    const created = await callAs(server, coach, 'POST', reportsPath(client.personId), body);
    expect(created.status).toBe(201);
    const token = await signInForTest(server, coach.userId);
    const response = await fetch(
      `${server.baseUrl}${reportsPath(client.personId)}/${(created.body as Report).id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    return (await pdfPageTexts(new Uint8Array(await response.arrayBuffer()))).join('\n');
  }

  async function setLanguage(language: 'en-US' | 'es') {
    await server.database.db
      .update(schema.persons)
      .set({ language })
      .where(eq(schema.persons.id, coach.personId));
  }

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
    // 23:30 on 4 June in Berlin: the day before the period.
    await seedNote(coach, sam, '2025-06-04T21:30:00.000Z', 'Before the period began.');
    // 00:30 on 5 June in Berlin: the period's first day.
    await seedNote(coach, sam, '2025-06-04T22:30:00.000Z', 'First evening of sense.');
    await seedNote(
      coach,
      sam,
      '2025-06-09T07:00:00.000Z',
      'Most stressful talks happen at the café near work.\nAsk how those weeks go.',
    );
    // Another coach's note on the same client in the period (written while they coached Sam).
    await seedNote(otherCoach, sam, '2025-06-08T10:00:00.000Z', 'Not Carla’s note.');
    // 00:10 on 12 June in Berlin: the day after the period.
    await seedNote(coach, sam, '2025-06-11T22:10:00.000Z', 'After the period ended.');

    noor = await seedPerson(server, {
      email: 'noor@example.com',
      type: 'user',
      coachPersonId: coach.personId,
      timezone: 'Europe/Berlin',
      createdAt: new Date('2025-05-01T08:00:00.000Z'),
    });
    // Two more than a report lists, one a day at noon from 1 May, in the default period.
    for (let index = 0; index < reportLimits.periodNotesMax + 2; index += 1) {
      const day = new Date(Date.UTC(2025, 4, 1 + index, 10));
      await seedNote(coach, noor, day.toISOString(), `Daily note ${index + 1}.`);
    }
  });
  afterAll(() => server.close());

  it('leaves the notes out unless asked for', async () => {
    for (const body of [
      { ...sectionNotes, ...period },
      { ...sectionNotes, ...period, includeNotes: false },
    ]) {
      const text = await reportText(sam, body);
      expect(text).toContain('Keep going.');
      expect(text).not.toContain('First evening of sense.');
      expect(text).not.toContain("The coach's notes written in the period");
    }
  });

  it("lists the coach's own notes written in the period's days in the client's time zone, oldest first, each with its date", async () => {
    const text = await reportText(sam, { ...sectionNotes, ...period, includeNotes: true });
    expect(text).toContain("Notes The coach's notes written in the period, oldest first.");
    const first = text.indexOf('Jun 5, 2025 First evening of sense.');
    const second = text.indexOf(
      'Jun 9, 2025 Most stressful talks happen at the café near work. Ask how those weeks go.',
    );
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    for (const outside of ['Before the period began.', 'After the period ended.']) {
      expect(text).not.toContain(outside);
    }
    expect(text).not.toContain('Not Carla’s note.');
    expect(text).not.toContain('left out');
  });

  it('audits how many notes a report listed, never their text', async () => {
    await reportText(sam, { ...sectionNotes, ...period, includeNotes: true });
    const entries = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'report_generated'))
      .orderBy(schema.auditLog.id);
    const last = entries[entries.length - 1];
    expect(last?.details.periodNotes).toBe(2);
    expect(JSON.stringify(last)).not.toContain('First evening of sense.');
  });

  it('says so when the period has no notes', async () => {
    const text = await reportText(sam, {
      ...sectionNotes,
      from: '2025-06-10',
      to: '2025-06-10',
      includeNotes: true,
    });
    expect(text).toContain('Notes No notes were written in this period.');
  });

  it('lists at most the newest 30 and says how many older ones are left out, and when', async () => {
    const text = await reportText(noor, { ...sectionNotes, includeNotes: true });
    expect(text).toContain('Daily note 32.');
    expect(text).toContain('Daily note 3.');
    expect(text).not.toContain('Daily note 2.');
    expect(text).not.toContain('Daily note 1.');
    expect(text).toContain(
      'The 2 older notes of the period, written from May 1, 2025 to May 2, 2025, are left out.',
    );
  });

  it('words the section in Spanish in a Spanish report', async () => {
    await setLanguage('es');
    try {
      const text = await reportText(sam, { ...sectionNotes, ...period, includeNotes: true });
      expect(text).toContain(
        'Notas Notas del coach escritas en el periodo, de la más antigua a la más reciente.',
      );
      expect(text).toContain('5 jun 2025 First evening of sense.');
      expect(text).not.toContain("The coach's notes");
      const many = await reportText(noor, { ...sectionNotes, includeNotes: true });
      expect(many).toContain(
        'Se omiten las 2 notas más antiguas del periodo, escritas del 1 may 2025 al 2 may 2025.',
      );
    } finally {
      await setLanguage('en-US');
    }
  });
});
