import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from '../services/context.ts';

export type MailerOptions = {
  /** nodemailer-style SMTP URL (`smtp://user:pass@host:587`); null logs mail to the console. */
  smtpUrl: string | null;
  from: string;
  /** Where the outbox writes when there is no SMTP server. */
  log?: (line: string) => void;
};

/**
 * Real SMTP when `smtpUrl` is set; otherwise an outbox that writes each mail (recipient, subject
 * and text, so the reset code or invite link) to the console, so the flows work on a fresh machine.
 */
export function createMailer({ smtpUrl, from, log = console.log }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      async send(message: MailMessage) {
        log(
          `[outbox] mail to ${message.to}\n[outbox] subject: ${message.subject}\n${message.text
            .split('\n')
            .map((line) => `[outbox] ${line}`)
            .join('\n')}`,
        );
      },
    };
  }
  const transport = createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
  };
}
