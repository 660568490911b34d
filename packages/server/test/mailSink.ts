import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the sink received, decoded enough for tests. */
export type ReceivedMail = {
  from: string;
  to: string[];
  /** The subject, its encoded words (RFC 2047) decoded. */
  subject: string;
  /** The whole body, quoted-printable decoded. */
  text: string;
  /** The plain-text and HTML parts, each decoded (quoted-printable or base64, UTF-8). */
  parts: { plain: string | null; html: string | null };
  raw: string;
};

/**
 * A real SMTP server on loopback that keeps what it receives: the tests' mailbox. On `port` when
 * given (a sink started where SMTP was down), on a free one otherwise. A wait that fails adds
 * what `explain` says (the sender's side: the outbox's state) to its reason.
 */
export async function startMailSink(
  options: { port?: number; explain?: () => Promise<string> } = {},
) {
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
        const subject = decodeEncodedWords(headerOf(head, 'Subject') ?? '');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject,
          text: decodeQuotedPrintable(body.join('\n\n')),
          parts: textParts(raw),
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
      options.explain,
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
  /** Resolves with the first mail `matches` among those from index `since` on (10 s at most). */
  waitForMail: (
    matches: (mail: ReceivedMail) => boolean,
    since?: number,
    timeoutMs?: number,
  ) => Promise<ReceivedMail>;
};

/**
 * The waits of a mailbox over a list of mails read afresh each time: between reads, until
 * `nextChange` resolves (a mail arrived, or a short poll). A wait that fails says why in
 * `failure`'s words, then in `explain`'s when given.
 */
export function waitingMailbox(
  read: () => Promise<readonly ReceivedMail[]>,
  nextChange: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 50)),
  explain?: () => Promise<string>,
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
      if (Date.now() > deadline) {
        const why = explain ? await explain().catch((error: unknown) => String(error)) : '';
        throw new Error(why ? `${failure(mails)}; ${why}` : failure(mails));
      }
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
    waitForMail: (matches, since = 0, timeoutMs = 10_000) =>
      until(
        (mails) => mails.slice(since).find(matches),
        timeoutMs,
        (mails) => `No such mail came among ${mails.length - since}`,
      ),
  };
}

/** Quoted-printable to text: the bytes it encodes read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const softBreaksGone = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < softBreaksGone.length; index += 1) {
    const hex = softBreaksGone.slice(index + 1, index + 3);
    if (softBreaksGone[index] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(softBreaksGone[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's value, its folded lines joined, or undefined. */
function headerOf(head: string, name: string): string | undefined {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1]?.trim();
}

/** A header with RFC 2047 encoded words ('=?UTF-8?Q?...?=', '=?UTF-8?B?...?=') as text. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replaceAll('_', ' ')),
    );
}

/** The body of one MIME part decoded by its transfer encoding. */
function decodePart(head: string, body: string): string {
  const encoding = headerOf(head, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html parts of a raw mail (multipart/alternative, as the mailer sends). */
function textParts(raw: string): ReceivedMail['parts'] {
  const parts: ReceivedMail['parts'] = { plain: null, html: null };
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/);
    return at < 0
      ? { head: entity, body: '' }
      : { head: entity.slice(0, at), body: entity.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const visit = (entity: string) => {
    const { head, body } = split(entity);
    const type = headerOf(head, 'Content-Type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        visit(section.replace(/^\r?\n/, ''));
      }
      return;
    }
    // Line ends as the message wrote them (SMTP carries CRLF).
    const decoded = decodePart(head, body).replace(/\r\n/g, '\n').replace(/\n$/, '');
    if (/^text\/html/i.test(type)) parts.html = decoded;
    else if (/^text\/plain/i.test(type)) parts.plain = decoded;
  };
  visit(raw);
  return parts;
}
