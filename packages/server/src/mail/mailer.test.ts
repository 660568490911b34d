import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
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

  it('writes each mail to a file of the outbox without SMTP, and logs where, never what', async () => {
    const root = mkdtempSync(join(tmpdir(), 'coach-outbox-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const outboxDir = join(root, 'outbox');
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: null,
      from: 'Coach <no-reply@coach.test>',
      outboxDir,
      log: (line) => lines.push(line),
    });
    await mailer.send({ to: 'maya@example.com', subject: 'Your code', text: 'Code: 123456' });
    await mailer.send({
      to: 'noor@example.com',
      subject: 'Your invite',
      text: 'Link: /invite?token=abc',
    });

    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    const [first, second] = files.map((file) => readFileSync(join(outboxDir, file), 'utf8'));
    expect(first).toContain('To: maya@example.com');
    expect(first).toContain('Subject: Your code');
    expect(first).toContain('Code: 123456');
    expect(second).toContain('Link: /invite?token=abc');
    expect(statSync(join(outboxDir, files[0] ?? '')).mode & 0o777).toBe(0o600);
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);

    const logged = lines.join('\n');
    expect(lines).toHaveLength(2);
    expect(logged).toContain(outboxDir);
    for (const secret of ['123456', 'token=abc', 'maya@example.com', 'noor@example.com']) {
      expect(logged).not.toContain(secret);
    }
  });
});
