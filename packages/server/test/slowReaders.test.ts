import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultHttpLimits } from '../src/http/limits.ts';
import { clientAddress, requestFrom } from './fromAddress.ts';
import { type NonReader, requestWithoutReading } from './nonReaders.ts';
import {
  answeringMs,
  expectHeldThroughTheGraceThenClosed,
  hangGuard,
  holdNonReaders,
  type LargeAnswers,
  seedLargeAnswers,
} from './slowReaders.ts';
import { startTestServer, type TestServer } from './testServer.ts';

// Clients that ask for a large answer and never read it (see slowReaders.ts) must not stop the
// API for everyone else, nor hold the answers' megabytes, nor stay open. The grace and window of
// the stall rule are short here (the product's are 20 s each, see limits.ts).

const services = ['auth', 'account', 'analytics', 'resource'] as const;
const shortStall = {
  sendGraceMs: 8_000,
  sendWindowMs: 1_000,
  minSendBytesPerSecond: 2_048,
  timeoutCheckIntervalMs: 100,
  // An answer the kernel took whole leaves its connection idle: closed when keep-alive ends.
  keepAliveTimeoutMs: 9_000,
};

/** Each large answer reaches a client that reads it: whole, with its length, tag and 304. */
async function expectWholeAnswers(started: TestServer, answers: LargeAnswers) {
  for (const { path, token } of answers.paths) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const answer = await fetch(`${started.baseUrl}${path}`, { headers });
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeGreaterThanOrEqual(3_000_000);
    if (path.includes('/reports/')) {
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="report-/);
      expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
      continue;
    }
    const etag = answer.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${started.baseUrl}${path}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  }
}

let server: TestServer | null = null;
const readers: NonReader[] = [];

afterEach(async () => {
  for (const reader of readers.splice(0)) reader.socket.destroy();
  await server?.close();
  server = null;
});

describe('clients that never read a large answer', () => {
  it('leave the API answering for another coach while twenty of them are held, hold a bounded memory, and are closed after the grace', async () => {
    const lines: string[] = [];
    server = await startTestServer({
      services,
      config: { http: shortStall },
      logStream: { write: (line) => lines.push(line) },
    });
    const answers = await seedLargeAnswers(server);
    const held = await holdNonReaders(server, answers, 20, 20);
    readers.push(...held.readers);
    const { figures, connections } = held;
    console.info('20 non-readers:', JSON.stringify(figures));

    expect(figures.p95Ms).toBeLessThan(answeringMs);
    expect(new Set(figures.health)).toEqual(new Set(['200 ok']));
    // Their slots at the gate were given back once their answers were handed to the sockets.
    expect(new Set(figures.atWork)).toEqual(new Set([0]));
    // About a chunk of each answer waits in the server, not the answer.
    expect(figures.waitingBytes).toBeLessThanOrEqual(20 * defaultHttpLimits.largeAnswerChunkBytes);
    await expectHeldThroughTheGraceThenClosed(held.readers, connections, shortStall.sendGraceMs);
    // One line per address (five) however many of its connections were closed, naming no one.
    const closedLines = lines.filter((line) => line.includes('answer not read'));
    expect(closedLines.length).toBeGreaterThan(0);
    expect(closedLines.length).toBeLessThanOrEqual(5);
    for (const line of closedLines) {
      expect(line).not.toMatch(/127\.0\.0\.|profilePicture|reports|signature/);
    }
    await expectWholeAnswers(server, answers);
  }, 150_000);

  it('are refused 503 with Retry-After beyond the large answers the server sends at once', async () => {
    server = await startTestServer({
      services,
      config: { http: { ...shortStall, maxLargeAnswers: 2 } },
    });
    const answers = await seedLargeAnswers(server);
    const picture = answers.paths[1];
    if (!picture) throw new Error('no picture');
    for (const index of [0, 1]) {
      readers.push(await requestWithoutReading(server.baseUrl, clientAddress(index), picture.path));
    }
    await vi.waitFor(async () => {
      const refused = await fetch(`${server?.baseUrl}${picture.path}`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({
        error: 'server_busy',
        message: 'Too many large downloads are under way, please try again shortly',
      });
    }, hangGuard);
    // A small answer still goes: the other coach's list.
    const list = await fetch(`${server.baseUrl}/api/analytics/clients`, {
      headers: { authorization: `Bearer ${answers.other.token}` },
    });
    expect(list.status).toBe(200);
  }, 150_000);

  it('are refused 429 beyond the large answers one address may hold, while other addresses get theirs', async () => {
    server = await startTestServer({
      services,
      config: { http: { ...shortStall, maxLargeAnswers: 10, maxLargeAnswersPerAddress: 2 } },
    });
    const answers = await seedLargeAnswers(server);
    const picture = answers.paths[1];
    if (!picture) throw new Error('no picture');
    const crowded = clientAddress(0);
    for (let reader = 0; reader < 2; reader += 1) {
      readers.push(await requestWithoutReading(server.baseUrl, crowded, picture.path));
    }
    await vi.waitFor(async () => {
      const refused = await requestFrom(server?.baseUrl ?? '', crowded, { path: picture.path });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toEqual({
        error: 'rate_limited',
        message: 'Too many requests from your address at once, please try again shortly',
      });
    }, hangGuard);
    // Another address gets the whole picture meanwhile.
    const other = await requestFrom(server.baseUrl, clientAddress(1), { path: picture.path });
    expect(other.status).toBe(200);
    expect(Number(other.headers['content-length'])).toBeGreaterThanOrEqual(3_000_000);
  }, 150_000);
});
