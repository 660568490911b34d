import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

/** One e-mail to send. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends mail: real SMTP (`SMTP_URL`) or the outbox folder (`DATA_DIR/outbox`). */
export type Mailer = { send: (message: MailMessage) => Promise<void> };

export type MailerOptions = {
  /** nodemailer-style SMTP URL (`smtp://user:pass@host:587`); null writes mail to the outbox. */
  smtpUrl: string | null;
  from: string;
  /** The folder the outbox writes to when there is no SMTP server (`<DATA_DIR>/outbox`). */
  outboxDir?: string;
  /** Where the outbox says that it wrote a mail (never what the mail says). */
  log?: (line: string) => void;
};

/**
 * Real SMTP when `smtpUrl` is set; otherwise an outbox: each mail (recipient, subject and text,
 * so the reset code or invite link) becomes a file of its own in `outboxDir`, readable by the
 * server's user only, so the flows work on a fresh machine. The console says only that a mail
 * was written and where: a code or an invite link is a secret and never goes to a log.
 */
export function createMailer({
  smtpUrl,
  from,
  outboxDir = join('.data', 'outbox'),
  log = console.log,
}: MailerOptions): Mailer {
  if (!smtpUrl) {
    let written = 0;
    return {
      async send(message: MailMessage) {
        await mkdir(outboxDir, { recursive: true, mode: 0o700 });
        written += 1;
        const stamp = new Date().toISOString().replaceAll(':', '-');
        const file = join(outboxDir, `${stamp}-${process.pid}-${written}.txt`);
        const text = `From: ${from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
        await writeFile(file, text, { mode: 0o600, flag: 'wx' });
        log(`[outbox] a mail was written to ${file}`);
      },
    };
  }
  // Bounded, so a send always ends well inside the outbox's lease (`mail/outbox.ts`): a server
  // that never answers is a failed attempt, retried later, not a sender stuck for 10 minutes.
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
  };
}
