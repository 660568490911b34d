// The PostgreSQL server stops mid-run and comes back: the real server, over real HTTP, reaches the
// database through a loopback TCP proxy the test takes down (every connection dropped, the port
// refused, as a stopped server does) and brings back. Requests that need the database answer 503
// with Retry-After while it is away (no hang, no crash): the test brings it back only once they
// have answered, so a request that waited for it would never answer. The rest keeps serving, and
// when the database is back the same process serves again: no restart.
import { randomUUID } from 'node:crypto';
import { errorStatuses } from '@coach/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInForTest, type TestResponse } from '../../test/auth.ts';
import { seedPerson } from '../../test/clientRecords.ts';
import { createTestDatabase, testDatabaseKind } from '../../test/database.ts';
import { startTcpProxy } from '../../test/tcpProxy.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { databaseRetryAfterSeconds } from './unavailable.ts';

describe.runIf(testDatabaseKind() === 'postgres')(
  'a PostgreSQL server that stops and returns',
  () => {
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let server: TestServer;
    let coachToken: string;
    let clientToken: string;

    beforeAll(async () => {
      const target = new URL(process.env.TEST_DATABASE_URL ?? '');
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      server = await startTestServer({
        database: await createTestDatabase({ postgresPort: proxy.port }),
      });
      const coach = await seedPerson(server, { email: 'coach@example.com' });
      const client = await seedPerson(server, { email: 'client@example.com', coach });
      coachToken = await signInForTest(server, coach.userId);
      clientToken = await signInForTest(server, client.userId);
    });

    afterAll(async () => {
      await proxy?.start().catch(() => undefined);
      await server?.close();
    });

    const listClients = () =>
      callApi(server.baseUrl, 'GET', '/api/analytics/clients', { token: coachToken });
    const sample = {
      id: randomUUID(),
      kind: 'pulse',
      value: 61,
      measuredAt: new Date().toISOString(),
    };
    const sendSample = () =>
      callApi(server.baseUrl, 'POST', '/api/device-metrics/batches', {
        token: clientToken,
        body: { samples: [sample] },
      });

    /** What happened, in order: each answer, and the database's return. */
    let events: string[] = [];

    /** The call's answer, recorded in {@link events} when it comes. */
    async function recorded(name: string, call: () => Promise<TestResponse>) {
      const response = await call();
      events.push(`${name} ${response.status}`);
      return { response };
    }

    async function bringDatabaseBack() {
      await proxy.start();
      events.push('database back');
    }

    function expectUnavailable({ response }: { response: TestResponse }) {
      expect(response.status).toBe(errorStatuses.service_unavailable);
      expect(response.headers.get('retry-after')).toBe(String(databaseRetryAfterSeconds));
      expect(response.body).toEqual({
        error: 'service_unavailable',
        message: 'The service is unavailable for a moment, please try again shortly',
      });
    }

    it('answers 503 with Retry-After while it is away, and serves again once it is back', async () => {
      expect((await listClients()).status).toBe(200);

      events = [];
      await proxy.stop();
      // Twice each: the pool's first try finds its connections dropped, the second a refused port.
      for (let round = 0; round < 2; round += 1) {
        expectUnavailable(await recorded('list', listClients));
        expectUnavailable(await recorded('write', sendSample));
      }
      // What needs no database keeps answering.
      const health = await recorded('health', () => callApi(server.baseUrl, 'GET', '/api/health'));
      expect(health.response.status).toBe(200);

      await bringDatabaseBack();
      // Every answer came while the database was away: none waited for it.
      expect(events).toEqual([
        'list 503',
        'write 503',
        'list 503',
        'write 503',
        'health 200',
        'database back',
      ]);
      const back = await listClients();
      expect(back.status).toBe(200);
      // The client's retry of the refused write stores it, once however often it is sent.
      const stored = await sendSample();
      expect(stored.body).toEqual({
        accepted: { samples: 1, sessions: 0 },
        duplicates: { samples: 0, sessions: 0 },
      });
      const again = await sendSample();
      expect(again.body).toEqual({
        accepted: { samples: 0, sessions: 0 },
        duplicates: { samples: 1, sessions: 0 },
      });
    });

    it('answers 503 to a request whose connection drops under it, then serves again', async () => {
      // A drop while requests are under way: some may have been answered before it, none hangs
      // and none is a 500.
      events = [];
      const calls = Array.from({ length: 8 }, () => recorded('list', listClients));
      await proxy.stop();
      for (const { response } of await Promise.all(calls)) {
        expect([200, errorStatuses.service_unavailable]).toContain(response.status);
      }
      await bringDatabaseBack();
      // All eight answered before the database came back.
      expect(events.indexOf('database back')).toBe(8);
      expect((await listClients()).status).toBe(200);
    });
  },
);
