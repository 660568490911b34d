import { describe, expect, it } from 'vitest';
import { startMailSink } from '../../test/mailSink.ts';
import { createMailer } from './mailer.ts';

describe('mailer', () => {
  it('delivers over real SMTP to the sink', async () => {
    const sink = await startMailSink();
    try {
      const mailer = createMailer({ smtpUrl: sink.url, from: 'Coach <no-reply@coach.test>' });
      await mailer.send({ to: 'maya@example.com', subject: 'Your code', text: 'Code: 123456' });
      const [mail] = await sink.waitFor(1);
      expect(mail?.to).toEqual(['maya@example.com']);
      expect(mail?.from).toBe('no-reply@coach.test');
      expect(mail?.subject).toBe('Your code');
      expect(mail?.text).toContain('Code: 123456');
    } finally {
      await sink.close();
    }
  });

  it('writes mail to the console outbox without SMTP', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: null, from: 'x', log: (line) => lines.push(line) });
    await mailer.send({ to: 'maya@example.com', subject: 'Your code', text: 'Code: 123456' });
    expect(lines.join('\n')).toContain('[outbox] mail to maya@example.com');
    expect(lines.join('\n')).toContain('[outbox] Code: 123456');
  });
});
