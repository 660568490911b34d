import { describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { readConfig } from '../config.ts';
import { shortLogLine, shortLogStream } from './shortLog.ts';

const at = new Date(2026, 10, 23, 9, 5, 7).getTime();

describe('shortLogLine', () => {
  it('shows an API request as its time, method, path, status and duration', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/account/clients?sort=[redacted]', remoteAddress: '::1' },
      res: { statusCode: 200 },
      responseTime: 12.49,
      msg: 'request completed',
    });
    expect(shortLogLine(line)).toBe('09:05:07  GET /api/account/clients?sort=[redacted] 200 12 ms');
    expect(shortLogLine(line.replace('12.49', '3.14159'))).toBe(
      '09:05:07  GET /api/account/clients?sort=[redacted] 200 3.1 ms',
    );
  });

  it("leaves out the app's files and Fastify's listening lines", () => {
    const file = { level: 30, time: at, req: { method: 'GET', url: '/assets/index-abc.js' } };
    expect(
      shortLogLine(JSON.stringify({ ...file, res: { statusCode: 200 }, msg: 'request completed' })),
    ).toBeNull();
    expect(
      shortLogLine(
        JSON.stringify({ level: 30, time: at, msg: 'Server listening at http://127.0.0.1:8080' }),
      ),
    ).toBeNull();
  });

  it('names a client that gave up, and a warning or an error with what went wrong', () => {
    expect(
      shortLogLine(
        JSON.stringify({
          level: 30,
          time: at,
          req: { method: 'POST', url: '/api/auth/login' },
          responseTime: 250,
          msg: 'request aborted',
        }),
      ),
    ).toBe('09:05:07  POST /api/auth/login aborted by the client 250 ms');
    expect(
      shortLogLine(
        JSON.stringify({
          level: 50,
          time: at,
          err: { type: 'TypeError', message: 'x is undefined', stack: '    at handler (a.ts:1:1)' },
          msg: 'handler failed',
        }),
      ),
    ).toBe('09:05:07  ERROR handler failed: TypeError: x is undefined\n    at handler (a.ts:1:1)');
    expect(shortLogLine('not json\n')).toBe('not json');
  });
});

describe('the server with LOG_FORMAT=short', () => {
  it('writes one short line per API request, none for a file, and no token or body', async () => {
    const lines: string[] = [];
    const config = readConfig({ PORT: '0', LOG_FORMAT: 'short' });
    const app = await buildServer(
      { ...config, staticDir: null },
      { logger: true, logStream: shortLogStream({ write: (line) => lines.push(line) }) },
    );
    try {
      // Real HTTP: the lines are written when each answer has gone.
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const health = await fetch(`${base}/api/health`);
      await health.arrayBuffer();
      const login = await fetch(`${base}/api/auth/login?token=secret-token`, {
        method: 'POST',
        headers: { authorization: 'Bearer secret-bearer', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'coach@example.com', password: 'secret-password' }),
      });
      await login.arrayBuffer();
      await (await fetch(`${base}/favicon.svg`)).arrayBuffer();
      const requestLines = () => lines.filter((line) => / [\d.]+ ms\n$/.test(line));
      await expect
        .poll(requestLines)
        .toEqual([
          expect.stringMatching(
            new RegExp(`^\\d\\d:\\d\\d:\\d\\d  GET /api/health ${health.status} [\\d.]+ ms\\n$`),
          ),
          expect.stringMatching(
            new RegExp(
              `^\\d\\d:\\d\\d:\\d\\d  POST /api/auth/login\\?token=\\[redacted\\] ${login.status} [\\d.]+ ms\\n$`,
            ),
          ),
        ]);
      expect(lines.join('')).not.toMatch(/secret-|coach@example\.com/);
    } finally {
      await app.close();
    }
  });
});
