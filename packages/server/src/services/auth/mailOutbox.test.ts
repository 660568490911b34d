import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile } from '../../../test/auth.ts';
import { startMailSink } from '../../../test/mailSink.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import {
  createMailSender,
  defaultMailOutboxOptions,
  enqueueMail,
  retryDelayMs,
} from '../../mail/outbox.ts';

const outbox = schema.mailOutbox;
const from = 'Coach <no-reply@coach.test>';

/** A loopback port nothing listens on (yet): connections to it are refused. */
async function refusingPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('mail outbox', () => {
  const lines: string[] = [];
  let server: TestServer;
  let smtpMailer: Mailer;

  const rowsTo = (recipient: string) =>
    server.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  const requestReset = (email: string) =>
    callApi(server.baseUrl, 'POST', '/api/auth/passwordReset/request', { body: { email } });
  const coach = async (email: string) =>
    createUserWithProfile(server.database, { email, password: 'Coach123!', type: 'coach' });

  beforeAll(async () => {
    server = await startTestServer({
      services: ['auth'],
      logStream: { write: (line) => lines.push(line) },
      // Attempts at about 0, 0.2, 0.6 and 1.4 s; dead after the fourth.
      mailOutbox: { initialDelayMs: 200, maxDelayMs: 800, maxAttempts: 4, pollMs: 300 },
    });
    smtpMailer = server.context.mailer;
  });
  afterAll(() => server?.close());

  it('answers a reset request as usual with SMTP down, and mails the code once SMTP is back', async () => {
    const email = 'coach.smtpdown@example.com';
    await coach(email);
    const port = await refusingPort();
    server.context.mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from,
    });

    const response = await requestReset(email);
    expect(response.status).toBe(202);

    // Two refused attempts: the mail waits in the outbox with its reason, and the code with it.
    await expect
      .poll(async () => (await rowsTo(email))[0]?.attempts ?? 0)
      .toBeGreaterThanOrEqual(2);
    const [waiting] = await rowsTo(email);
    expect(waiting).toMatchObject({ lastErrorKind: 'ECONNREFUSED', sentAt: null, deadAt: null });

    const sink = await startMailSink({ port });
    try {
      const [mail] = await sink.waitFor(1);
      expect(mail?.to).toEqual([email]);
      expect(mail?.text).toMatch(/Your password reset code is \d{6}/);
      const code = /code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
      const verified = await callApi(server.baseUrl, 'POST', '/api/auth/passwordReset/verifyCode', {
        body: { email, resetPasswordCode: code },
      });
      expect(verified.status).toBe(200);

      // Sent: the row keeps no recipient, subject or text (the code is gone from the database).
      await expect
        .poll(async () => {
          const [row] = await server.database.db
            .select()
            .from(outbox)
            .where(eq(outbox.id, waiting?.id ?? ''));
          return row;
        })
        .toMatchObject({ recipient: null, subject: null, text: null, deadAt: null });
      const [sent] = await server.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.id, waiting?.id ?? ''));
      expect(sent?.sentAt).toBeInstanceOf(Date);
      const stored = await server.database.db.execute(
        sql`select count(*)::int as n from mail_outbox where text like ${`%${code}%`}`,
      );
      expect(stored.rows[0]).toEqual({ n: 0 });

      // Nothing of the mail in the logs: no code, no address; its id and reason are there.
      const logged = lines.join('\n');
      expect(logged).toContain(waiting?.id);
      expect(logged).toContain('ECONNREFUSED');
      expect(logged).not.toContain(code);
      expect(logged).not.toContain(email);
      expect(logged).not.toContain('reset code is');
    } finally {
      server.context.mailer = smtpMailer;
      await sink.close();
    }
  });

  it('marks a mail dead after the last attempt, retries it no more, and sends it once requeued', async () => {
    const email = 'coach.deadletter@example.com';
    await coach(email);
    let tries = 0;
    server.context.mailer = {
      send: () => {
        tries += 1;
        return Promise.reject(Object.assign(new Error(`454 <${email}> later`), { code: 'EAUTH' }));
      },
    };
    try {
      expect((await requestReset(email)).status).toBe(202);
      await expect
        .poll(async () => (await rowsTo(email))[0]?.deadAt ?? null, { timeout: 10_000 })
        .toBeInstanceOf(Date);
      const [dead] = await rowsTo(email);
      expect(dead).toMatchObject({ attempts: 4, lastErrorKind: 'EAUTH', sentAt: null });
      // The body stays for the operator to requeue it.
      expect(dead?.text).toMatch(/reset code is \d{6}/);
      const logged = lines.filter((line) => line.includes(dead?.id ?? 'none'));
      expect(logged.some((line) => line.includes('mail dead'))).toBe(true);
      expect(lines.join('\n')).not.toContain(email);

      // A second mail queued after the first died runs its whole retry schedule to its own
      // death: the sender's passes meanwhile never took the dead one again (no fifth attempt).
      const later = 'coach.deadletter.later@example.com';
      await coach(later);
      expect((await requestReset(later)).status).toBe(202);
      await expect
        .poll(async () => (await rowsTo(later))[0]?.deadAt ?? null, { timeout: 10_000 })
        .toBeInstanceOf(Date);
      expect(tries).toBe(8);
      expect((await rowsTo(email))[0]?.attempts).toBe(4);
    } finally {
      server.context.mailer = smtpMailer;
    }

    // The operator's requeue of docs/deploying.md: both go at the next poll.
    const before = server.mailSink.received.length;
    await server.database.db.execute(
      sql`update mail_outbox set dead_at = null, attempts = 0, next_attempt_at = now()
          where dead_at is not null`,
    );
    const mails = await server.mailSink.waitFor(before + 2);
    expect(
      mails
        .slice(before)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual([email, 'coach.deadletter.later@example.com'].sort());
    await expect.poll(async () => (await rowsTo(email)).length).toBe(0);
  });

  it('with several senders on one database, sends each mail once', async () => {
    const subjects = Array.from({ length: 24 }, (_, index) => `Mail ${index}`);
    const sent: string[] = [];
    // Slow sends, so the senders overlap.
    const slowMailer: Mailer = {
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 15));
        sent.push(message.subject);
      },
    };
    const senders = [1, 2, 3].map(() =>
      createMailSender({
        database: server.database,
        organisationId: server.database.organisationId,
        mailer: () => slowMailer,
        log: silentLog,
        options: { initialDelayMs: 50, pollMs: 50 },
      }),
    );
    // The server's own sender competes too (it sends to its sink).
    const before = server.mailSink.received.length;
    await server.database.transaction(async (tx) => {
      for (const subject of subjects) {
        await enqueueMail(tx, server.database.organisationId, {
          to: 'many@example.com',
          subject,
          text: 'hello',
        });
      }
    });
    try {
      for (const sender of senders) sender.start();
      await expect
        .poll(
          async () =>
            (
              await server.database.db.execute(
                sql`select count(*)::int as n from mail_outbox where subject like 'Mail %'`,
              )
            ).rows[0],
          { timeout: 10_000 },
        )
        .toEqual({ n: 0 });
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
    const bySink = server.mailSink.received.slice(before).map((mail) => mail.subject);
    const all = [...sent, ...bySink].sort();
    expect(all).toEqual([...subjects].sort());
  });

  it('waits for a send under way when it stops, and sends nothing after', async () => {
    // Mail of another organisation: the server's own sender leaves it to this one.
    const organisationId = crypto.randomUUID();
    await server.database.db.insert(schema.organisations).values({ id: organisationId, name: 'B' });
    let release = () => {};
    let isSending = false;
    const sent: string[] = [];
    const gatedMailer: Mailer = {
      send: (message) =>
        new Promise<void>((resolve) => {
          isSending = true;
          release = () => {
            sent.push(message.subject);
            resolve();
          };
        }),
    };
    const sender = createMailSender({
      database: server.database,
      organisationId,
      mailer: () => gatedMailer,
      log: silentLog,
    });
    const message = { to: 'gate@example.com', text: 'hello' };
    const id = await enqueueMail(server.database.db, organisationId, { ...message, subject: 'A' });
    sender.start();
    await expect.poll(() => isSending).toBe(true);
    await enqueueMail(server.database.db, organisationId, { ...message, subject: 'B' });
    sender.wake();
    let isStopped = false;
    const stopping = sender.stop().then(() => {
      isStopped = true;
    });
    // A turn of the event loop: a stop that did not wait for the send would have resolved.
    await new Promise((resolve) => setImmediate(resolve));
    expect(isStopped).toBe(false);
    release();
    await stopping;
    expect(sent).toEqual(['A']);
    const [row] = await server.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Queued during the send: left for the next start (or another process).
    const pending = await server.database.db.execute(
      sql`select subject from mail_outbox
          where organisation_id = ${organisationId} and sent_at is null`,
    );
    expect(pending.rows).toEqual([{ subject: 'B' }]);
  });

  it('backs off from 5 s doubling to 10 minutes by default', () => {
    const delays = [1, 2, 3, 4, 8, 9, 10].map((attempts) =>
      retryDelayMs(defaultMailOutboxOptions, attempts),
    );
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 600_000, 600_000, 600_000]);
  });
});
