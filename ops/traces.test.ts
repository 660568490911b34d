import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCoach } from '../packages/server/src/seed/demo.ts';
import { startMailSink } from '../packages/server/test/mailSink.ts';
import { withServerProcess } from '../packages/server/test/serverProcess.ts';
import { type ReceivedSpan, startOtlpReceiver } from './otlpReceiver.ts';

// The product started as an operator would with a collector named (OTEL_EXPORTER_OTLP_ENDPOINT):
// one request's spans reach an OTLP/HTTP receiver as a tree (the request, its statements, the
// mail it sends), continuing the caller's trace, and the request's log line names the trace. The
// test stands for the proxy in front (TRUST_PROXY=loopback): only a trusted proxy's traceparent is
// continued.

const spanKind = { internal: 1, server: 2, client: 3 };

describe('traces over OTLP', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let mailSink: Awaited<ReturnType<typeof startMailSink>>;
  let dataDir: string;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    mailSink = await startMailSink();
    dataDir = mkdtempSync(join(tmpdir(), 'coach-traces-'));
  });
  afterAll(async () => {
    await receiver?.close();
    await mailSink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("exports a request's span tree: the request, its statements and the mail it sends, in the caller's trace", async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: mailSink.url,
      LOG_FORMAT: 'json',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'coach-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      TRUST_PROXY: 'loopback',
    };
    const { output, status } = await withServerProcess(env, async ({ url, output }) => {
      const answer = await fetch(`${url}/api/auth/passwordReset/request`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          traceparent: `00-${traceId}-${callerSpanId}-01`,
        },
        body: JSON.stringify({ email: demoCoach.email }),
      });
      expect(answer.ok).toBe(true);
      await answer.arrayBuffer();
      await mailSink.waitForMailTo(demoCoach.email);
      // The mail's span ends after the answer: wait for it to be exported.
      await expect
        .poll(() => receiver.spans.some((span) => span.name === 'mail send'), { timeout: 20_000 })
        .toBe(true);
      // The log is written in batches, at least every half second.
      await expect
        .poll(output, { timeout: 10_000 })
        .toMatch(/^\{.*\/api\/auth\/passwordReset\/request/m);
      return { output: output(), status: answer.status };
    });

    const inTrace = receiver.spans.filter((span) => span.traceId === traceId);
    const request = inTrace.find((span) => span.kind === spanKind.server);
    expect(request).toMatchObject({
      service: 'coach-under-test',
      name: 'POST /api/auth/passwordReset/request',
      parentSpanId: callerSpanId,
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/api/auth/passwordReset/request',
        'http.response.status_code': status,
      },
    });
    const byId = new Map(inTrace.map((span) => [span.spanId, span]));
    /** Whether `span` descends from the request's span. */
    const isUnderRequest = (span: ReceivedSpan): boolean => {
      for (
        let parent = byId.get(span.parentSpanId);
        parent;
        parent = byId.get(parent.parentSpanId)
      ) {
        if (parent === request) return true;
      }
      return false;
    };
    const statements = inTrace.filter((span) => span.kind === spanKind.client);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(isUnderRequest(statement)).toBe(true);
      expect(statement.attributes['db.system.name']).toBe('postgresql');
    }
    // The reset's code is stored, and the mail queued, in the request's statements.
    expect(statements.map((span) => span.name)).toEqual(
      expect.arrayContaining(['insert password_reset_codes', 'insert mail_outbox']),
    );
    const mailSend = inTrace.find((span) => span.name === 'mail send');
    expect(mailSend && isUnderRequest(mailSend)).toBe(true);
    expect(mailSend?.kind).toBe(spanKind.internal);

    // Nothing of the account reaches a span: no email, no code.
    const exported = JSON.stringify(receiver.spans);
    expect(exported).not.toContain(demoCoach.email);
    // The request's log line names its trace.
    const requestLine = output
      .split('\n')
      .find((line) => line.includes('/api/auth/passwordReset/request') && line.startsWith('{'));
    expect(requestLine && JSON.parse(requestLine)).toMatchObject({ traceId });
  });
});
