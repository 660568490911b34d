// The clients list's kept rows (client_list_entries, src/db/clientList.sql): rebuilt by the
// database in the transaction of every write to the tables they come from, whoever writes (these
// tests write the rows directly, as an import or a seed would), and read with the same rules as the
// rows read from the sources: the two readings of a coach's list are equal at any instant.
import { randomUUID } from 'node:crypto';
import type { ClientSummaryList } from '@coach/api';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  listBothWays,
  seedDaily,
  seedPerson,
  seedSession,
  seedStep,
  seedTotals,
  setNow,
} from '../../../test/analytics.ts';
import type { TestUser } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
let coach: TestUser;
let otherCoach: TestUser;
let ada: TestUser;
const now = new Date('2026-03-20T12:00:00.000Z');
const hour = 3_600_000;
const at = (offsetHours: number) => new Date(now.getTime() + offsetHours * hour);

/**
 * A coach (`prefix` in the emails) and three clients, Ada, Ben and Cleo, with their figures and
 * sessions: the list that a test reads, or that a test changes when it is a list of its own.
 */
async function seedKeptClients(prefix: string) {
  const coach = await seedPerson(server, { email: `${prefix}-coach@example.com`, type: 'coach' });
  const client = (name: string, lastName: string, timezone: string) =>
    seedPerson(server, {
      email: `${prefix}-${name}@example.com`,
      type: 'user',
      coachPersonId: coach.personId,
      firstName: 'Kept',
      lastName,
      timezone,
      createdAt: new Date('2026-02-01T09:00:00.000Z'),
      birthDate: '1990-06-15',
      gender: 'female',
    });
  const ada = await client('ada', 'Ada', 'Pacific/Kiritimati');
  const ben = await client('ben', 'Ben', 'America/Los_Angeles');
  const cleo = await client('cleo', 'Cleo', 'Europe/Berlin');
  // Ada in sense with low days judged; Ben in grow (sense's indicators show); Cleo in learn.
  await seedStep(server, ada.personId, [
    { step: 'learn', startDate: '2026-02-02' },
    { step: 'sense', startDate: '2026-03-01' },
  ]);
  await seedTotals(server, ada.personId, 'sense', {
    productivitySum: 300,
    productivityDays: 6,
    mentalSum: 360,
    mentalDays: 6,
    physicalSum: 480,
    physicalDays: 6,
  });
  await seedDaily(
    server,
    ada.personId,
    ['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21'].map(
      (date, index) => ({ date, productivity: index < 2 ? 80 : 40, mental: 60, physical: 80 }),
    ),
  );
  await seedStep(server, ben.personId, [
    { step: 'learn', startDate: '2026-02-02' },
    { step: 'sense', startDate: '2026-02-20' },
    { step: 'grow', startDate: '2026-03-10' },
  ]);
  await seedTotals(server, ben.personId, 'sense', {
    productivitySum: 150,
    productivityDays: 3,
    mentalSum: 120,
    mentalDays: 3,
    physicalSum: 270,
    physicalDays: 3,
  });
  await seedTotals(server, ben.personId, 'grow', { exercisesCompleted: 4 });
  // Ada's newest session is dated a day ahead (a device clock): before it, her kept sessions (those
  // of the 72 h before it) lack one that the 48 h window still holds, so she is read from the
  // sources until then.
  for (const [client, startHours, endHours] of [
    [ada, -50, -45],
    [ada, 25, 26],
    [ada, -30, -28],
    [ada, -3, -1],
    [ben, -100, -99],
    [cleo, -50, -47],
    [cleo, -20, -19.5],
  ] as const) {
    await seedSession(server, client.personId, at(startHours), at(endHours));
  }
  return { coach, ada, ben, cleo };
}

beforeAll(async () => {
  server = await startTestServer({ services: ['auth', 'analytics'], now: () => now });
  ({ coach, ada } = await seedKeptClients('kept'));
  otherCoach = await seedPerson(server, { email: 'kept-other@example.com', type: 'coach' });
});

afterAll(() => server.close());

const keptCoach = (of: TestUser = coach) => ({ personId: of.personId, timezone: 'Europe/London' });

describe('the kept rows of the clients list', () => {
  it('answer what the sources answer, at the write and at instants before and after it', async () => {
    for (const offset of [0, 0.5, 2, 23, 26, 49, 75, 24 * 20, 24 * 400, -2, -40, -24 * 30]) {
      const { kept, fromSources } = await listBothWays(server.database, keptCoach(), at(offset));
      expect(kept.map((client) => client.lastName)).toEqual(['Ada', 'Ben', 'Cleo']);
      expect(kept, `at ${offset} h`).toEqual(fromSources);
    }
    // The figures are the ones a coach reads: Ada's low productivity days, Ben's sense figures.
    const { kept } = await listBothWays(server.database, keptCoach(), now);
    const [adaRow, benRow, cleoRow] = kept;
    expect(adaRow?.indicators.productivity).toMatchObject({ value: 50, lowDays: 4 });
    expect(benRow?.indicators).toMatchObject({ basis: 'previousPhase', phase: 'sense' });
    expect(benRow?.exercises.completed).toBe(4);
    expect(cleoRow?.engagement.lastConnectedAt).toBe(at(-19.5).toISOString());
  });

  it('follow every write to the rows they come from, in its transaction', async () => {
    const { db } = server.database;
    // A list of its own, which it changes, and a coach of its own to move a client to: the other
    // tests read the list and the coach of the file.
    const { coach, ada, ben, cleo } = await seedKeptClients('kept-written');
    const otherCoach = await seedPerson(server, {
      email: 'kept-written-other@example.com',
      type: 'coach',
    });
    // The route keeps its answer for the minute (listAnswers.ts): the clock stays in one minute
    // here, so every answer after a write shows that write only if the write made it again.
    setNow(server, at(1));
    let answered = await routeList(coach);
    const listed = async () => {
      const { kept, fromSources } = await listBothWays(server.database, keptCoach(coach), at(1));
      expect(kept).toEqual(fromSources);
      const before = answered;
      answered = await routeList(coach);
      expect(answered.clients.map(withoutSignature)).toEqual(kept.map(withoutSignature));
      expect(answered, 'a write leaves the answer kept before it').not.toEqual(before);
      return kept;
    };
    // A profile edit, an email change, a picture added then removed.
    await db
      .update(schema.persons)
      .set({ lastName: 'Zola', timezone: 'Asia/Tokyo' })
      .where(eq(schema.persons.id, cleo.personId));
    await db
      .update(schema.users)
      .set({ email: 'kept-cleo-new@example.com' })
      .where(eq(schema.users.id, cleo.userId));
    const rows = await listed();
    expect(rows.at(-1)).toMatchObject({
      lastName: 'Zola',
      timezone: 'Asia/Tokyo',
      email: 'kept-cleo-new@example.com',
      profilePicture: null,
    });
    await db.insert(schema.profilePictures).values({
      personId: ada.personId,
      organisationId: server.database.organisationId,
      contentType: 'image/png',
      bytes: new Uint8Array([1, 2, 3]),
      byteSize: 3,
      width: 1,
      height: 1,
      etag: 'kept',
    });
    expect((await listed())[0]?.profilePicture).not.toBeNull();
    await db
      .delete(schema.profilePictures)
      .where(eq(schema.profilePictures.personId, ada.personId));
    expect((await listed())[0]?.profilePicture).toBeNull();
    // A phase change written by hand: journey, step rows and totals.
    await db
      .update(schema.journeys)
      .set({ currentStep: 'sense' })
      .where(eq(schema.journeys.clientPersonId, ben.personId));
    await db
      .update(schema.journeySteps)
      .set({ status: 'active' })
      .where(
        sql`${schema.journeySteps.clientPersonId} = ${ben.personId} and ${schema.journeySteps.step} = 'sense'`,
      );
    await db
      .delete(schema.journeySteps)
      .where(
        sql`${schema.journeySteps.clientPersonId} = ${ben.personId} and ${schema.journeySteps.step} = 'grow'`,
      );
    expect((await listed())[1]?.journey).toMatchObject({ step: 'sense', startDate: '2026-02-20' });
    // A new session, and a rolled-back one that leaves nothing.
    await seedSession(server, ben.personId, at(-1), at(0.5));
    expect((await listed())[1]?.engagement.lastConnectedAt).toBe(at(0.5).toISOString());
    await expect(
      server.database.transaction(async (tx) => {
        await tx.insert(schema.usageSessions).values({
          organisationId: server.database.organisationId,
          clientPersonId: ben.personId,
          clientSessionId: randomUUID(),
          startedAt: at(0.6),
          endedAt: at(0.9),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Nothing written: the kept answer, as it was.
    expect(await routeList(coach)).toEqual(answered);
    expect((await listBothWays(server.database, keptCoach(coach), at(1))).kept[1]).toMatchObject({
      engagement: { lastConnectedAt: at(0.5).toISOString() },
    });
    // Messages: the client's unread ones counted, read or deleted ones no more, the coach's own
    // never (the kept answer stays); and a rebuild beside a send loses none.
    const message = (author: 'client' | 'coach', text: string) => ({
      id: randomUUID(),
      organisationId: server.database.organisationId,
      clientPersonId: ada.personId,
      coachPersonId: coach.personId,
      author,
      text,
      sentAt: at(0.5),
    });
    // Ada's count in her entry and in the list (whose row of hers may come from the sources).
    const adaUnread = async () => {
      const [entry] = await db
        .select({ unread: schema.clientListEntries.unreadMessages })
        .from(schema.clientListEntries)
        .where(eq(schema.clientListEntries.clientPersonId, ada.personId));
      expect((await listed())[0]?.unreadMessages).toBe(entry?.unread);
      return entry?.unread;
    };
    const written = ['One', 'Two', 'Three'].map((text) => message('client', text));
    await db.insert(schema.messages).values(written);
    expect(await adaUnread()).toBe(3);
    const ids = written.map((row) => row.id);
    await db
      .update(schema.messages)
      .set({ readAt: at(1) })
      .where(inArray(schema.messages.id, ids.slice(0, 2)));
    expect(await adaUnread()).toBe(1);
    await db
      .update(schema.messages)
      .set({ deletedAt: at(1), text: '' })
      .where(inArray(schema.messages.id, ids.slice(2)));
    expect(await adaUnread()).toBe(0);
    await db.insert(schema.messages).values(message('coach', 'Hello Ada'));
    await db
      .update(schema.messages)
      .set({ readAt: at(1) })
      .where(eq(schema.messages.author, 'coach'));
    expect(await routeList(coach)).toEqual(answered);
    // A rebuild that read the messages before a send committed, and wrote after it, keeps the
    // send's count: the send holds the entry's row until it commits, the rebuild waits for it.
    // (On their own connections: the handle runs its transactions one after the other.)
    let inserted = () => {};
    const isInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release = () => {};
    const isReleased = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sending = db.transaction(async (tx) => {
      await tx.insert(schema.messages).values(message('client', 'Sent while rebuilt'));
      inserted();
      await isReleased;
    });
    await isInserted;
    const rebuilding = db.transaction((tx) =>
      tx
        .update(schema.persons)
        .set({ aboutMe: 'Rebuilt' })
        .where(eq(schema.persons.id, ada.personId)),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([sending, rebuilding]);
    expect(await adaUnread()).toBe(1);
    await db.delete(schema.messages).where(eq(schema.messages.clientPersonId, ada.personId));
    expect(await adaUnread()).toBe(0);
    // The open follow-up: set, moved, ended, and one deleted while open; an ended one deleted
    // changes nothing. The list's row and the entry say the same (`listed` compares the row with
    // the one read from the sources).
    const adaFollowUp = async () => {
      const [entry] = await db
        .select({ followUp: schema.clientListEntries.followUp })
        .from(schema.clientListEntries)
        .where(eq(schema.clientListEntries.clientPersonId, ada.personId));
      const row = (await listed())[0]?.followUp ?? null;
      expect(row && [row.dueDate, row.reason]).toEqual(JSON.parse(entry?.followUp ?? 'null'));
      return row;
    };
    const followUp = {
      organisationId: server.database.organisationId,
      clientPersonId: ada.personId,
      coachPersonId: coach.personId,
    };
    const [first] = await db
      .insert(schema.followUps)
      .values({ ...followUp, dueDate: '2026-03-20', reason: 'Ask about sleep' })
      .returning();
    // Due on the coach's today (London, at the list's instant).
    expect(await adaFollowUp()).toEqual({
      dueDate: '2026-03-20',
      reason: 'Ask about sleep',
      isDue: true,
    });
    const ofFirst = eq(schema.followUps.id, first?.id ?? '');
    await db.update(schema.followUps).set({ dueDate: '2026-03-23' }).where(ofFirst);
    expect(await adaFollowUp()).toMatchObject({ dueDate: '2026-03-23', isDue: false });
    await db
      .update(schema.followUps)
      .set({ endedAt: at(1), ending: 'done' })
      .where(ofFirst);
    expect(await adaFollowUp()).toBeNull();
    const [second] = await db
      .insert(schema.followUps)
      .values({ ...followUp, dueDate: '2026-03-21', reason: 'Plan the next phase' })
      .returning();
    await db.delete(schema.followUps).where(ofFirst);
    expect(await adaFollowUp()).toMatchObject({ reason: 'Plan the next phase' });
    await db.delete(schema.followUps).where(eq(schema.followUps.id, second?.id ?? ''));
    expect(await adaFollowUp()).toBeNull();
    // A client moved to another coach leaves this list; a deleted one too.
    await db
      .update(schema.persons)
      .set({ coachPersonId: otherCoach.personId })
      .where(eq(schema.persons.id, ben.personId));
    expect((await listed()).map((client) => client.lastName)).toEqual(['Ada', 'Zola']);
    const other = await listBothWays(
      server.database,
      { personId: otherCoach.personId, timezone: 'UTC' },
      at(1),
    );
    expect(other.kept.map((client) => client.clientId)).toEqual([ben.personId]);
    await db.delete(schema.persons).where(eq(schema.persons.id, cleo.personId));
    expect((await listed()).map((client) => client.lastName)).toEqual(['Ada']);
    // Of its three clients' entries, the deleted one's is gone.
    const itsClients = [ada, ben, cleo].map((client) => client.personId);
    expect(
      await db
        .select({ n: count() })
        .from(schema.clientListEntries)
        .where(inArray(schema.clientListEntries.clientPersonId, itsClients)),
    ).toEqual([{ n: 2 }]);
  });

  it('serve the route an answer kept for the minute while nothing changes, made again after', async () => {
    setNow(server, at(2));
    const first = await routeList();
    expect(first.generatedAt).toBe(at(2).toISOString());
    // Later in the same minute: the same answer, its figures those of the instant it gives.
    setNow(server, new Date(at(2).getTime() + 59_000));
    expect(await routeList()).toEqual(first);
    // The next minute: made again.
    const nextMinute = new Date(at(2).getTime() + 60_000);
    setNow(server, nextMinute);
    expect((await routeList()).generatedAt).toBe(nextMinute.toISOString());
    // Another coach's list is theirs, whenever asked.
    const other = await callAs(server, otherCoach, '/api/analytics/clients');
    expect(
      (other.body as ClientSummaryList).clients.map((client) => client.clientId),
    ).not.toContain(ada.personId);
  });

  it('keep the sessions merged into periods of use, as engagement merges them', async () => {
    const dora = await seedPerson(server, {
      email: 'kept-dora@example.com',
      type: 'user',
      coachPersonId: coach.personId,
      firstName: 'Kept',
      lastName: 'Dora',
      timezone: 'UTC',
    });
    const keptPeriods = async () => {
      const [row] = (
        await server.database.db.execute<{ sessions: string }>(
          sql`select sessions from client_list_entries where client_person_id = ${dora.personId}`,
        )
      ).rows;
      return (JSON.parse(row?.sessions ?? '[]') as [number | null, [number, number][]])[1];
    };
    const sameBothWays = async (offsets: number[]) => {
      for (const offset of offsets) {
        const { kept, fromSources } = await listBothWays(server.database, keptCoach(), at(offset));
        expect(kept, `at ${offset} h`).toEqual(fromSources);
      }
    };
    // An app that sends often: ten-minute sessions every two minutes for an hour (they overlap),
    // a session seen twice, one of no length, a later one apart, and one arriving late.
    for (let minute = 0; minute <= 60; minute += 2) {
      await seedSession(server, dora.personId, at(-5 + minute / 60), at(-5 + (minute + 10) / 60));
    }
    await seedSession(server, dora.personId, at(-4.5), at(-4));
    await seedSession(server, dora.personId, at(-3.5), at(-3.5));
    await seedSession(server, dora.personId, at(-2), at(-1.5));
    await seedSession(server, dora.personId, at(-60), at(-59));
    await seedSession(server, dora.personId, at(-52), at(-49.5));
    // The newest starts at -2 h: a period ending by -50 h is dropped, one ending after it kept.
    const periods = [
      [-52, -49.5],
      [-5, -3 - 50 / 60],
      [-3.5, -3.5],
      [-2, -1.5],
    ].map(([start, end]) => [at(start ?? 0).getTime(), at(end ?? 0).getTime()]);
    expect(await keptPeriods()).toEqual(periods);
    await sameBothWays([-1.5, -1, 0, 1, 20, 44, 46.5, 47, 49, 24 * 10]);
    // A quiet client: only the latest-ending period is kept, for "last connected".
    await seedSession(server, dora.personId, at(60), at(61));
    expect(await keptPeriods()).toEqual([[at(60).getTime(), at(61).getTime()]]);
    await sameBothWays([60, 61, 70, 24 * 30]);
    // A changed and a removed session: the periods are made again from the sessions.
    await server.database.db
      .update(schema.usageSessions)
      .set({ endedAt: at(60.5) })
      .where(
        sql`${schema.usageSessions.clientPersonId} = ${dora.personId} and ${schema.usageSessions.startedAt} = ${at(60)}`,
      );
    await sameBothWays([60, 60.5, 61, 70]);
    await server.database.db
      .delete(schema.usageSessions)
      .where(
        sql`${schema.usageSessions.clientPersonId} = ${dora.personId} and ${schema.usageSessions.startedAt} = ${at(60)}`,
      );
    expect(await keptPeriods()).toEqual(periods);
    await sameBothWays([-1, 0, 1, 47, 24 * 10]);
    await server.database.db.delete(schema.persons).where(eq(schema.persons.id, dora.personId));
  });

  it('are what the route answers', async () => {
    setNow(server, at(1));
    const response = await callAs(server, coach, '/api/analytics/clients');
    expect(response.status).toBe(200);
    const { kept } = await listBothWays(server.database, keptCoach(), at(1));
    expect((response.body as ClientSummaryList).clients).toEqual(kept);
  });
});

/** The coach's list (the file's coach's by default) as the route answers it now. */
async function routeList(of: TestUser = coach): Promise<ClientSummaryList> {
  const response = await callAs(server, of, '/api/analytics/clients');
  expect(response.status).toBe(200);
  return response.body as ClientSummaryList;
}

/** A row without its picture's signature (the route signs the address, for an hour). */
function withoutSignature(client: ClientSummaryList['clients'][number]) {
  return { ...client, profilePicture: client.profilePicture === null ? null : 'a picture' };
}
