import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Transaction } from '../db/index.ts';
import { schema } from '../db/index.ts';
import { type Tracing, traced } from '../tracing/index.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import type { OutboxMetrics } from './outboxMetrics.ts';
import {
  type ClaimedMail,
  claimDueMail,
  markMailFailed,
  markMailSent,
  msUntilNextMail,
  purgeOldMail,
} from './outboxRows.ts';

// The mail outbox: a mail is a row of `mail_outbox`, stored in the transaction of what it carries
// (a reset code, an invite link, a morning mail's claim), so neither exists without the other and an answer never waits
// for SMTP. A sender in each server process sends due rows, retries failures with a doubling
// backoff, and marks a mail dead after `maxAttempts` or `maxAgeMs` (or at once when the SMTP
// server refuses it for good, a 5xx). Rows are claimed with `FOR UPDATE SKIP LOCKED` under a
// lease, so with several processes on one PostgreSQL a mail goes once; a process that dies
// mid-send leaves its row to be retried when the lease ends. All times are the database's.

export type MailOutboxOptions = {
  /** Delay before the second attempt; each later one doubles it, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A mail is dead after this many failed attempts... */
  maxAttempts: number;
  /** ...or once its next attempt would come later than this after it was queued. */
  maxAgeMs: number;
  /** How long a claimed row is left to its sender before another may take it. */
  leaseMs: number;
  /** The longest the sender sleeps with nothing due (rows of other processes, expired leases). */
  pollMs: number;
  /** Sent and dead rows are deleted this long after. */
  retentionMs: number;
};

export const defaultMailOutboxOptions: MailOutboxOptions = {
  initialDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 10,
  maxAgeMs: 24 * 60 * 60_000,
  leaseMs: 5 * 60_000,
  pollMs: 30_000,
  retentionMs: 7 * 24 * 60 * 60_000,
};

/** How code that stores a code or a link hands its mail over. */
export type MailQueue = {
  /** Queues `message` within `tx`: it goes only if `tx` commits. */
  add: (tx: Transaction, message: MailMessage) => Promise<void>;
  /** Tells the sender that mail was committed: it sends at once, and the caller does not wait. */
  wake: () => void;
};

/** Queues one mail within `tx` (or alone on `db`); answers its id. */
export async function enqueueMail(
  tx: Database | Transaction,
  organisationId: string,
  message: MailMessage,
): Promise<string> {
  const [row] = await tx
    .insert(schema.mailOutbox)
    .values({
      organisationId,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      // The moment of the insert, not the transaction's start: mail queued under a lock is sent
      // in the order the lock was taken (a reset code's mail, resetCodes.ts).
      nextAttemptAt: sql`clock_timestamp()`,
    })
    .returning({ id: schema.mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned nothing');
  return row.id;
}

/** What a log or the table may say of a failure: a reason code, never its message. */
export function failureKind(error: unknown): string {
  const { code, originalCode, responseCode } = (error ?? {}) as Record<string, unknown>;
  if (typeof responseCode === 'number') return `smtp_${responseCode}`;
  // nodemailer's ESOCKET keeps the system's code (ECONNREFUSED, ETIMEDOUT) as `originalCode`.
  for (const candidate of [originalCode, code]) {
    if (typeof candidate === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(candidate)) return candidate;
  }
  return error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'unknown';
}

/** A refusal that retrying cannot change: the SMTP server's permanent (5xx) answers. */
function isPermanent(error: unknown): boolean {
  const { responseCode } = (error ?? {}) as { responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(options: MailOutboxOptions, attempts: number): number {
  const doubled = options.initialDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(doubled, options.maxDelayMs);
}

/** What the mail code logs through (the server's pino logger): fields, then a fixed message. */
export type Log = {
  info: (object: Record<string, unknown>, message: string) => void;
  warn: (object: Record<string, unknown>, message: string) => void;
  error: (object: Record<string, unknown>, message: string) => void;
};

export type MailSenderDeps = {
  database: DatabaseHandle;
  organisationId: string;
  /** Read at each send, so the transport can be swapped (tests take SMTP down this way). */
  mailer: () => Mailer;
  log: Log;
  options?: Partial<MailOutboxOptions>;
  /** The process's traces: each send is a span (`mail send`). */
  tracing?: Tracing | undefined;
  /** The process's metrics: each mail sent, or failed (to be retried, or given up on). */
  metrics?: Pick<OutboxMetrics, 'mailSent' | 'mailFailed'> | undefined;
};

/**
 * The sender of one process: `start()` resumes what is pending, `wake()` sends what was just
 * queued, `stop()` waits for a send under way and sends no more (what is left goes on the next
 * start, or from another process).
 */
export function createMailSender({
  database,
  organisationId,
  mailer,
  log,
  options,
  tracing,
  metrics,
}: MailSenderDeps) {
  const settings = { ...defaultMailOutboxOptions, ...options };
  const { db } = database;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isAgain = false;
  let isStopped = true;
  let lastPurge = 0;

  async function markFailed(mail: ClaimedMail, error: unknown) {
    const kind = failureKind(error);
    const delayMs = retryDelayMs(settings, mail.attempts);
    const isDead = await markMailFailed(db, mail.id, {
      kind,
      isDead: isPermanent(error) || mail.attempts >= settings.maxAttempts,
      delayMs,
      maxAgeMs: settings.maxAgeMs,
    });
    metrics?.mailFailed(isDead);
    const fields = { mailId: mail.id, attempts: mail.attempts, reason: kind };
    if (isDead) log.error(fields, 'mail dead: not sent, and no longer retried');
    else log.warn({ ...fields, retryInMs: delayMs }, 'mail not sent yet: will retry');
  }

  /** Sends one due mail; answers false when none was due. */
  async function sendOne(): Promise<boolean> {
    const mail = await claimDueMail(db, organisationId, settings.leaseMs);
    if (!mail) return false;
    try {
      const { recipient: to, subject, text, html } = mail;
      await traced(tracing, 'mail send', () =>
        mailer().send({ to, subject, text, ...(html === null ? {} : { html }) }),
      );
    } catch (error) {
      await markFailed(mail, error);
      return true;
    }
    await markMailSent(db, mail.id);
    metrics?.mailSent();
    return true;
  }

  async function purge() {
    if (Date.now() - lastPurge < 60_000) return;
    lastPurge = Date.now();
    await purgeOldMail(db, organisationId, settings.retentionMs);
  }

  /** Milliseconds until the next pending mail is due, at most `pollMs`. */
  async function idleMs(): Promise<number> {
    const due = await msUntilNextMail(db, organisationId);
    if (due === null) return settings.pollMs;
    return Math.min(Math.max(Math.ceil(due), 0) + 10, settings.pollMs);
  }

  async function drain() {
    let waitMs = settings.pollMs;
    try {
      isAgain = false;
      while (!isStopped && (await sendOne()));
      await purge();
      waitMs = await idleMs();
    } catch (error) {
      // The database itself failed (stopped, restarting): try again after a while.
      log.warn({ reason: failureKind(error) }, 'mail outbox unavailable');
    }
    schedule(waitMs);
  }

  function schedule(delayMs: number) {
    if (isStopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, delayMs);
    timer.unref();
  }

  function wake() {
    if (isStopped) return;
    if (running) {
      isAgain = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = drain().finally(() => {
      running = null;
      // Woken after the last look for due mail: look again now rather than at the next poll.
      if (isAgain) wake();
    });
  }

  return {
    start() {
      isStopped = false;
      wake();
    },
    wake,
    /** Sends no more; resolves once a send under way is over. */
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

/** The queue that code storing a code or a link uses: rows of this organisation, then a wake. */
export function mailQueueOf(organisationId: string, sender: Pick<MailSender, 'wake'>): MailQueue {
  return {
    add: async (tx, message) => {
      await enqueueMail(tx, organisationId, message);
    },
    wake: () => sender.wake(),
  };
}
