import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the sink received, decoded enough for tests. */
export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
};

/**
 * A real SMTP server on loopback that keeps what it receives: the tests' mailbox. On `port` when
 * given (a sink started where SMTP was down), on a free one otherwise.
 */
export async function startMailSink(options: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject,
          text: decodeQuotedPrintable(body.join('\n\n')),
          raw,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    ...waitingMailbox(
      async () => received,
      () =>
        new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        }),
    ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mail as a test reads it: a sink's, or a view of one over HTTP (the e2e's shared product). */
export type Mailbox = {
  /** The mails received so far, oldest first. */
  received: () => Promise<ReceivedMail[]>;
  /** Resolves with the first `count` mails once they have arrived (10 s at most). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /**
   * Resolves with the first mail to `address` among those received from index `since` on (10 s
   * at most): mail goes out after the answer, so another test's may come in between.
   */
  waitForMailTo: (address: string, since?: number, timeoutMs?: number) => Promise<ReceivedMail>;
};

/**
 * The waits of a mailbox over a list of mails read afresh each time: between reads, until
 * `nextChange` resolves (a mail arrived, or a short poll).
 */
export function waitingMailbox(
  read: () => Promise<readonly ReceivedMail[]>,
  nextChange: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 50)),
): Omit<Mailbox, 'received'> {
  const until = async <T>(
    find: (mails: readonly ReceivedMail[]) => T | undefined,
    timeoutMs: number,
    failure: (mails: readonly ReceivedMail[]) => string,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await read();
      const found = find(mails);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(failure(mails));
      await nextChange();
    }
  };
  return {
    waitFor: (count, timeoutMs = 10_000) =>
      until(
        (mails) => (mails.length >= count ? mails.slice(0, count) : undefined),
        timeoutMs,
        (mails) => `Only ${mails.length} of ${count} mails came`,
      ),
    waitForMailTo: (address, since = 0, timeoutMs = 10_000) =>
      until(
        (mails) => mails.slice(since).find((mail) => mail.to.includes(address)),
        timeoutMs,
        () => `No mail to ${address} came`,
      ),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
