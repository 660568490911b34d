import { addDays, localDateOf, zonedLocalToUtc } from '@coach/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile, type TestUser } from '../../../test/auth.ts';
import { createTestDatabaseHandles } from '../../../test/database.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { type DatabaseHandle, schema } from '../../db/index.ts';
import { createMorningMailScheduler } from './scheduler.ts';

const password = 'Password1';
const tokyo = 'Asia/Tokyo';

/** `time` ('HH:MM') in `timeZone` on a local date days ahead of the real one (fixed per run). */
function localInstant(time: string, timeZone: string, daysAhead = 5): Date {
  const day = addDays(localDateOf(new Date(), timeZone), daysAhead);
  return zonedLocalToUtc(day, time, timeZone);
}

/**
 * A coach with three clients: one who never used the app ('No app use yet'), one silent for 31 h
 * ('No app use for 31 h') and one who used it for 5 h in the last hours (nobody to flag).
 */
async function practice(database: DatabaseHandle, name: string, timezone: string, now: Date) {
  const coach = await createUserWithProfile(database, {
    email: `${name}@example.com`,
    password,
    type: 'coach',
    firstName: name,
    lastName: 'Coach',
    timezone,
  });
  await database.db
    .update(schema.persons)
    .set({ timezoneSetAt: new Date() })
    .where(eq(schema.persons.id, coach.personId));
  const client = (firstName: string, lastName: string) =>
    createUserWithProfile(database, {
      email: `${name}.${firstName}@example.com`.toLowerCase(),
      password,
      type: 'user',
      firstName,
      lastName,
      coachPersonId: coach.personId,
      timezone,
    });
  const silent = await client('Noah', 'Silent');
  const away = await client('Mia', 'Away');
  const busy = await client('Oscar', 'Busy');
  const hour = 3_600_000;
  const session = (person: TestUser, fromHoursAgo: number, toHoursAgo: number) => ({
    organisationId: database.organisationId,
    clientPersonId: person.personId,
    clientSessionId: crypto.randomUUID(),
    startedAt: new Date(now.getTime() - fromHoursAgo * hour),
    endedAt: new Date(now.getTime() - toHoursAgo * hour),
  });
  await database.db
    .insert(schema.usageSessions)
    .values([session(away, 32, 31), session(busy, 6, 1)]);
  return { coach, silent, away, busy };
}

/** The outbox rows queued for `recipient`. */
function outboxRowsTo(database: DatabaseHandle, recipient: string) {
  return database.db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.recipient, recipient));
}

function claimsOf(database: DatabaseHandle, coachPersonId: string) {
  return database.db
    .select()
    .from(schema.morningMailClaims)
    .where(eq(schema.morningMailClaims.coachPersonId, coachPersonId));
}

const silentLog = { info: () => {}, warn: () => {} };

/** A scheduler of its own on `database` whose clock stands at `at` (a process of its own). */
function schedulerAt(database: DatabaseHandle, at: Date, options: SchedulerExtras = {}) {
  return createMorningMailScheduler({
    database,
    organisationId: database.organisationId,
    now: () => at,
    mail: { add: async () => {}, wake: () => {} },
    appUrl: 'http://app.coach.test',
    log: options.log ?? silentLog,
    ...(options.coachesPerTick ? { options: { coachesPerTick: options.coachesPerTick } } : {}),
    onRound: options.onRound,
  });
}

type SchedulerExtras = {
  log?: Parameters<typeof createMorningMailScheduler>[0]['log'];
  coachesPerTick?: number;
  onRound?: Parameters<typeof createMorningMailScheduler>[0]['onRound'];
};

describe('the morning attention mail through the server', () => {
  let server: TestServer;
  // 03:00 in Tokyo: no coach's hour.
  let now = localInstant('03:00', tokyo);
  let people: Awaited<ReturnType<typeof practice>>;

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth', 'account', 'analytics'],
      now: () => now,
      morningMail: { tickMs: 100 },
      mailOutbox: { pollMs: 200 },
    });
    people = await practice(server.database, 'tokyo', tokyo, localInstant('07:10', tokyo));
  });
  afterAll(() => server?.close());

  it("mails a coach at 07:00 in their zone the clients who need attention, in the list's words, with links to their profiles", async () => {
    const before = server.mailSink.received.length;
    now = localInstant('07:10', tokyo);
    const mail = await server.mailSink.waitForMailTo(people.coach.email, before, 10_000);

    expect(mail.subject).toBe('2 clients need your attention');
    const text = mail.text;
    expect(text).toContain('Good morning tokyo,');
    // Most urgent first: never used, then the longest silence; the busy client is not listed.
    const silentAt = text.indexOf('Noah Silent: No app use yet');
    const awayAt = text.indexOf('Mia Away: No app use for 31 h');
    expect(silentAt).toBeGreaterThan(-1);
    expect(awayAt).toBeGreaterThan(silentAt);
    expect(text).toContain(`http://app.coach.test/clients/${people.silent.personId}`);
    expect(text).toContain(`http://app.coach.test/clients/${people.away.personId}`);
    expect(text).not.toContain('Oscar');
    // A plain-text part beside the HTML one, the HTML with the same links.
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(text).toContain(
      `<a href="http://app.coach.test/clients/${people.away.personId}">Mia Away</a>`,
    );

    // Once that day, however many ticks follow within the hour.
    now = localInstant('07:40', tokyo);
    await expect.poll(() => claimsOf(server.database, people.coach.personId)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = server.mailSink.received.filter((each) => each.to.includes(people.coach.email));
    expect(mails).toHaveLength(1);
    const [claim] = await claimsOf(server.database, people.coach.personId);
    expect(claim).toMatchObject({ clientCount: 2, localDate: localDateOf(now, tokyo) });
    expect(claim?.mailId).not.toBeNull();
  });

  it('sends nothing on a day when nobody needs attention, and claims the day all the same', async () => {
    const zone = 'America/New_York';
    const at = localInstant('07:05', zone);
    const coach = await createUserWithProfile(server.database, {
      email: 'quiet@example.com',
      password,
      type: 'coach',
      timezone: zone,
    });
    const rounds: unknown[] = [];
    await schedulerAt(server.database, at, {
      onRound: (result, hasFailed) => rounds.push({ ...result, hasFailed }),
    }).tick();
    // The round tells the metrics what it did.
    expect(rounds).toEqual([{ mailed: 0, quiet: 1, skipped: 0, hasFailed: false }]);
    await expect.poll(() => claimsOf(server.database, coach.personId)).toHaveLength(1);
    const [claim] = await claimsOf(server.database, coach.personId);
    expect(claim).toMatchObject({ clientCount: 0, mailId: null });
    expect(await outboxRowsTo(server.database, coach.email)).toEqual([]);
  });

  it("lists a client whose only reason is a message the coach has not read, in the list's words", async () => {
    const zone = 'Europe/Lisbon';
    const at = localInstant('07:20', zone);
    const lisbon = await practice(server.database, 'lisbon', zone, at);
    const message = (text: string, readAt: Date | null) => ({
      id: crypto.randomUUID(),
      organisationId: server.database.organisationId,
      clientPersonId: lisbon.busy.personId,
      coachPersonId: lisbon.coach.personId,
      author: 'client' as const,
      text,
      sentAt: new Date(at.getTime() - 3_600_000),
      readAt,
    });
    await server.database.db
      .insert(schema.messages)
      .values([message('Read already', at), message('Can we talk?', null)]);
    await schedulerAt(server.database, at).tick();
    const [row] = await outboxRowsTo(server.database, lisbon.coach.email);
    expect(row?.subject).toBe('3 clients need your attention');
    // Figures first (no data, low scores), then the client who only wrote; never the text.
    const text = row?.text ?? '';
    expect(text).toContain('Oscar Busy: 1 unread message');
    expect(text.indexOf('Oscar Busy')).toBeGreaterThan(text.indexOf('Mia Away'));
    expect(text).not.toContain('Can we talk?');
  });

  it('mails a coach whose only news is a due follow-up, with its reason', async () => {
    const zone = 'Asia/Kolkata';
    const at = localInstant('07:15', zone);
    const coach = await createUserWithProfile(server.database, {
      email: 'kolkata@example.com',
      password,
      type: 'coach',
      timezone: zone,
    });
    await server.database.db
      .update(schema.persons)
      .set({ timezoneSetAt: new Date() })
      .where(eq(schema.persons.id, coach.personId));
    const client = await createUserWithProfile(server.database, {
      email: 'kolkata.client@example.com',
      password,
      type: 'user',
      firstName: 'Asha',
      lastName: 'Busy',
      coachPersonId: coach.personId,
      timezone: zone,
    });
    const hour = 3_600_000;
    await server.database.db.insert(schema.usageSessions).values({
      organisationId: server.database.organisationId,
      clientPersonId: client.personId,
      clientSessionId: crypto.randomUUID(),
      startedAt: new Date(at.getTime() - 6 * hour),
      endedAt: new Date(at.getTime() - hour),
    });
    await server.database.db.insert(schema.followUps).values({
      organisationId: server.database.organisationId,
      clientPersonId: client.personId,
      coachPersonId: coach.personId,
      dueDate: localDateOf(at, zone),
      reason: 'Ask about the new routine',
    });
    await schedulerAt(server.database, at).tick();
    const [row] = await outboxRowsTo(server.database, coach.email);
    expect(row?.subject).toBe('1 follow-up is due');
    expect(row?.text).toContain('Asha Busy: Ask about the new routine');
    expect(row?.text).not.toContain('need your attention');
  });

  it('does not catch up a missed hour later that day, and sends nothing when the mail is off', async () => {
    const zone = 'Europe/Berlin';
    const late = await practice(server.database, 'late', zone, localInstant('08:05', zone));
    const off = await practice(server.database, 'off', zone, localInstant('07:05', zone));
    await server.database.db
      .update(schema.persons)
      .set({ isMorningMailOn: false })
      .where(eq(schema.persons.id, off.coach.personId));
    const tickAt = (at: Date) => schedulerAt(server.database, at).tick();
    // The server was down from before 07:00 to 08:05: no mail that day, not even late.
    await tickAt(localInstant('08:05', zone));
    expect(await claimsOf(server.database, late.coach.personId)).toEqual([]);
    expect(await outboxRowsTo(server.database, late.coach.email)).toEqual([]);
    // At 07:05, the coach with the mail off gets nothing; the other gets theirs.
    await tickAt(localInstant('07:05', zone));
    expect(await claimsOf(server.database, off.coach.personId)).toEqual([]);
    expect(await outboxRowsTo(server.database, off.coach.email)).toEqual([]);
    expect(await outboxRowsTo(server.database, late.coach.email)).toHaveLength(1);
    const [lateClaim] = await claimsOf(server.database, late.coach.personId);
    expect(lateClaim?.localDate).toBe(localDateOf(localInstant('07:05', zone), zone));
  });

  it("mails a coach who chose Spanish in Spanish: subject, plain text and HTML, the list's reasons in its words", async () => {
    // A zone whose 07:00 is no other coach's of this server.
    const zone = 'America/Mexico_City';
    const spanish = await practice(server.database, 'mexico', zone, localInstant('07:10', zone));
    await server.database.db
      .update(schema.persons)
      .set({ language: 'es' })
      .where(eq(schema.persons.id, spanish.coach.personId));
    const before = server.mailSink.received.length;
    now = localInstant('07:10', zone);
    const mail = await server.mailSink.waitForMailTo(spanish.coach.email, before, 10_000);

    expect(mail.subject).toBe('2 clientes necesitan tu atención');
    const day = new Intl.DateTimeFormat('es', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: zone,
    }).format(now);
    const silentLink = `http://app.coach.test/clients/${spanish.silent.personId}`;
    const awayLink = `http://app.coach.test/clients/${spanish.away.personId}`;
    expect(mail.parts.plain).toBe(
      [
        'Buenos días, mexico:',
        '',
        'Atiende uno tras otro a los 2 clientes que te necesitan:',
        'http://app.coach.test/queue',
        '',
        `Estos 2 clientes necesitan tu atención el ${day}:`,
        '',
        'Noah Silent: Todavía no ha usado la app',
        silentLink,
        '',
        'Mia Away: Sin uso de la app desde hace 31 h',
        awayLink,
        '',
        'Recibes este correo a las 07:00 (America/Mexico_City) los días en que un cliente ' +
          'necesita atención o tienes un seguimiento pendiente. Para cambiar la hora o ' +
          'desactivarlo, abre Ajustes:',
        'http://app.coach.test/settings',
      ].join('\n'),
    );
    const html = mail.parts.html ?? '';
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>\n2 clientes necesitan tu atención\n</title>');
    expect(html).toContain('<p>Buenos días, mexico:</p>');
    expect(html).toContain(
      `<li><a href="${awayLink}">Mia Away</a>: Sin uso de la app desde hace 31 h</li>`,
    );
    expect(html).toContain('<a href="http://app.coach.test/settings">Ajustes</a>');
    for (const english of ['Good morning', 'need your attention', 'No app use', 'Settings<']) {
      expect.soft(`${mail.subject}\n${mail.parts.plain}\n${html}`).not.toContain(english);
    }
  });
});

describe('the morning attention mail with three processes', () => {
  let handles: DatabaseHandle[];

  beforeAll(async () => {
    handles = await createTestDatabaseHandles(3);
  });
  afterAll(async () => {
    const [first, ...others] = handles ?? [];
    for (const other of new Set(others)) if (other !== first) await other.close();
    await first?.close();
  });

  it('queues one mail per coach and day however many schedulers race, and logs nothing personal', async () => {
    const [first] = handles;
    if (!first) throw new Error('no database');
    const zone = 'Europe/London';
    const at = localInstant('07:00', zone);
    const coaches = await Promise.all(
      ['race1', 'race2', 'race3', 'race4'].map((name) => practice(first, name, zone, at)),
    );
    const lines: string[] = [];
    const log = {
      info: (object: Record<string, unknown>, message: string) =>
        lines.push(`${message} ${JSON.stringify(object)}`),
      warn: (object: Record<string, unknown>, message: string) =>
        lines.push(`${message} ${JSON.stringify(object)}`),
    };
    // Two coaches a tick: the others go on the next ticks of the hour.
    const schedulers = handles.map((database) =>
      schedulerAt(database, at, { log, coachesPerTick: 2 }),
    );
    const results = [];
    for (let round = 0; round < 3; round += 1) {
      results.push(...(await Promise.all(schedulers.map((scheduler) => scheduler.tick()))));
    }

    for (const { coach } of coaches) {
      expect(await outboxRowsTo(first, coach.email)).toHaveLength(1);
      expect(await claimsOf(first, coach.personId)).toHaveLength(1);
    }
    expect(results.reduce((sum, result) => sum + result.mailed, 0)).toBe(coaches.length);
    const { rows } = await first.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where subject like '%need your attention'`,
    );
    expect(rows[0]?.n).toBe(coaches.length);
    const logged = lines.join('\n');
    for (const { coach } of coaches) expect(logged).not.toContain(coach.email);
    expect(logged).not.toMatch(/Noah|Silent|Mia|Away/);
    // The claims stay within the organisation they belong to.
    const claims = await first.db
      .select()
      .from(schema.morningMailClaims)
      .where(and(eq(schema.morningMailClaims.organisationId, first.organisationId)));
    expect(claims).toHaveLength(coaches.length);
  });
});
