import { afterEach, describe, expect, it } from 'vitest';
import { defaultHttpLimits } from '../src/http/limits.ts';
import type { NonReader } from './nonReaders.ts';
import {
  answeringMs,
  expectHeldThroughTheGraceThenClosed,
  holdNonReaders,
  seedLargeAnswers,
} from './slowReaders.ts';
import { startTestServer, type TestServer } from './testServer.ts';

// The crowd of slowReaders.test.ts: 200 clients from five addresses that ask for a large answer
// and never read it (a heavy file: `npm run test:thorough` runs it, on PGlite: its behaviour is the
// HTTP layer's, see httpOnlyFiles in vitest.workspace.ts).

const sendGraceMs = 20_000;
let server: TestServer | null = null;
const readers: NonReader[] = [];

afterEach(async () => {
  for (const reader of readers.splice(0)) reader.socket.destroy();
  await server?.close();
  server = null;
});

describe('two hundred clients that never read a large answer', () => {
  it('leave the API answering for another coach, hold at most the large answers cap in memory, and are closed after the grace', async () => {
    server = await startTestServer({
      services: ['auth', 'account', 'analytics', 'resource'],
      config: {
        http: {
          // Long enough for the crowd to gather and the measure to end while all are held (6 s
          // alone on the machine; longer beside CI's browsers, which the check below allows).
          sendGraceMs,
          sendWindowMs: 1_000,
          timeoutCheckIntervalMs: 100,
          keepAliveTimeoutMs: 21_000,
        },
      },
    });
    const answers = await seedLargeAnswers(server);
    const held = await holdNonReaders(server, answers, 200, 40);
    readers.push(...held.readers);
    const { figures, connections } = held;
    console.info('200 non-readers:', JSON.stringify(figures));

    expect(figures.p95Ms).toBeLessThan(answeringMs);
    expect(new Set(figures.health)).toEqual(new Set(['200 ok']));
    expect(new Set(figures.atWork)).toEqual(new Set([0]));
    // Beyond the cap, large answers are refused: at most a chunk of each under way waits here.
    const { maxLargeAnswers, largeAnswerChunkBytes } = defaultHttpLimits;
    expect(figures.waitingBytes).toBeLessThanOrEqual(maxLargeAnswers * largeAnswerChunkBytes);
    await expectHeldThroughTheGraceThenClosed(held.readers, connections, sendGraceMs);
  }, 240_000);
});
