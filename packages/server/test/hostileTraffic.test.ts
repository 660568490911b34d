import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultHttpLimits } from '../src/http/limits.ts';
import { seedPerson, setNow } from './analytics.ts';
import { signInForTest, type TestUser } from './auth.ts';
import { callAs } from './clientRecords.ts';
import {
  clientAddress,
  type HeldSocket,
  openFrom,
  requestFrom,
  sendHalfBody,
} from './fromAddress.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './testServer.ts';

// Hostile traffic against the real server over HTTP: clients that send half a request and wait,
// that open many connections, or that flood the sign-in, must not stop the signed-in calls of
// everyone else. Each client has an address of its own (see fromAddress.ts). The bounds of the
// waits below only guard against a hang: what is asserted is what answered while what was held.

const hangGuard = { timeout: 15_000, interval: 20 };

let server: TestServer | null = null;
const sockets: HeldSocket[] = [];

afterEach(async () => {
  for (const held of sockets.splice(0)) held.socket.destroy();
  await server?.close();
  server = null;
});

async function start(options: TestServerOptions = {}) {
  server = await startTestServer(options);
  return server;
}

/** How many requests of `path` the server has received the headers of. */
function countArrivals(started: TestServer, path: string) {
  let count = 0;
  started.app.server.on('request', (request: IncomingMessage) => {
    if (request.url?.split('?')[0] === path) count += 1;
  });
  return () => count;
}

async function signedInCoach(started: TestServer): Promise<{ coach: TestUser; token: string }> {
  const coach = await seedPerson(started, { email: 'coach@example.com', type: 'coach' });
  return { coach, token: await signInForTest(started, coach.userId) };
}

describe('half-sent bodies', () => {
  it('leave a signed-in call answering while thirty of them are held open, then are answered 408', async () => {
    const started = await start({
      services: ['auth'],
      config: { http: { bodyGraceMs: 2_000, minBodyBytesPerSecond: 1_000 } },
    });
    const { token } = await signedInCoach(started);
    const arrivals = countArrivals(started, '/api/auth/login');

    for (let index = 0; index < 30; index += 1) {
      sockets.push(
        await sendHalfBody(started.baseUrl, clientAddress(index), '/api/auth/login', 200, '{"em'),
      );
    }
    await vi.waitFor(() => expect(arrivals()).toBe(30), hangGuard);

    const session = await fetch(`${started.baseUrl}/api/auth/session/current`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(hangGuard.timeout),
    });
    expect(session.status).toBe(200);
    // Answered while every half-sent request was still open and unanswered.
    expect(sockets.map((held) => held.isClosed() || held.received() !== '')).toEqual(
      sockets.map(() => false),
    );

    await vi.waitFor(() => expect(sockets.every((held) => held.isClosed())).toBe(true), hangGuard);
    for (const held of sockets) {
      expect(held.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(held.received()).toContain('"error":"request_timeout"');
    }
  });

  it('close a connection whose headers never end', async () => {
    const started = await start({
      services: ['auth'],
      config: { http: { headersTimeoutMs: 500 } },
    });
    const held = await openFrom(started.baseUrl, clientAddress(0));
    sockets.push(held);
    held.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: coach.test\r\n');
    await vi.waitFor(() => expect(held.isClosed()).toBe(true), hangGuard);
    expect((await fetch(`${started.baseUrl}/api/health`)).status).toBe(200);
  });
});

describe('connections per address', () => {
  it('closes a connection over the cap of its address while another address is served', async () => {
    const started = await start({
      services: ['auth'],
      config: { http: { maxConnectionsPerAddress: 3 } },
    });
    const { token } = await signedInCoach(started);
    const crowded = clientAddress(1);
    for (let index = 0; index < 3; index += 1) {
      sockets.push(await openFrom(started.baseUrl, crowded));
    }
    const extra = await openFrom(started.baseUrl, crowded);
    sockets.push(extra);
    await vi.waitFor(() => expect(extra.isClosed()).toBe(true), hangGuard);
    expect(extra.received()).toBe('');

    const other = await requestFrom(started.baseUrl, clientAddress(2), {
      path: '/api/auth/session/current',
      token,
    });
    expect(other.status).toBe(200);
    // The three first are still open.
    expect(sockets.slice(0, 3).map((held) => held.isClosed())).toEqual([false, false, false]);
  });
});

describe('a sign-in flood', () => {
  it('leaves signed-in calls admitted while many sign-ins wait for their share', async () => {
    const started = await start({ services: ['auth', 'account'] });
    const { token } = await signedInCoach(started);
    const arrivals = countArrivals(started, '/api/auth/login');
    const logins = 60;
    let answered = 0;
    const flood = Array.from({ length: logins }, (_, index) =>
      requestFrom(started.baseUrl, clientAddress(index), {
        method: 'POST',
        path: '/api/auth/login',
        body: { email: 'coach@example.com', password: `Wrong-password-${index}` },
      }).finally(() => {
        answered += 1;
      }),
    );
    await vi.waitFor(() => expect(arrivals()).toBe(logins), hangGuard);
    const health = await fetch(`${started.baseUrl}/api/health`);
    const { admission } = (await health.json()) as {
      admission: { signIn: { atWork: number; waiting: number; max: number } };
    };
    const { maxSignInAtWork } = defaultHttpLimits;
    expect(admission.signIn.max).toBe(maxSignInAtWork);
    expect(admission.signIn.atWork).toBeLessThanOrEqual(maxSignInAtWork);

    const persons = await requestFrom(started.baseUrl, clientAddress(100), {
      path: '/api/account/persons',
      token,
    });
    expect(persons.status).toBe(200);
    // Before most sign-ins: the signed-in call did not wait behind the flood.
    expect(answered).toBeLessThan(logins / 2);

    const answers = await Promise.all(flood);
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([401]));
  }, 60_000);
});

/** A shut gate for the test report renderer (gatedReportWorker.ts). */
function createRenderGate() {
  const gate = new SharedArrayBuffer(8);
  const cells = new Int32Array(gate);
  return {
    reports: {
      workerUrl: new URL('./gatedReportWorker.ts', import.meta.url),
      workerData: { gate },
      size: 2,
      queueMax: 4,
    },
    started: () => Atomics.load(cells, 1),
    open() {
      Atomics.store(cells, 0, 1);
      Atomics.notify(cells, 0);
    },
  };
}

describe('/api/health', () => {
  it('reports the gate saturated (503) while its queue is full, and ok once it drains', async () => {
    const renders = createRenderGate();
    const started = await start({
      services: ['auth', 'resource'],
      reports: renders.reports,
      config: { http: { maxRequestsAtWork: 2, maxSignInAtWork: 1, maxWaiting: 2 } },
    });
    try {
      setNow(started, new Date('2025-06-12T12:30:00.000Z'));
      const { coach, token } = await signedInCoach(started);
      const client = await seedPerson(started, {
        email: 'client@example.com',
        type: 'user',
        coachPersonId: coach.personId,
        createdAt: new Date('2025-05-01T08:00:00.000Z'),
      });
      const notes = {
        mentalWellbeing: 'Calmer.',
        physicalWellbeing: 'Walks.',
        productivity: 'Focused.',
        finalComments: 'Steady.',
      };
      // Two report renders hold both slots; two signed-in calls then fill the queue.
      const path = `/api/resource/clients/${client.personId}/reports`;
      const renderCalls = [1, 2].map(() => callAs(started, coach, 'POST', path, notes));
      await vi.waitFor(() => expect(renders.started()).toBe(2), hangGuard);
      const waiting = [1, 2].map(() =>
        fetch(`${started.baseUrl}/api/auth/session/current`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      await vi.waitFor(async () => {
        const health = await fetch(`${started.baseUrl}/api/health`);
        expect(health.status).toBe(503);
        expect(health.headers.get('retry-after')).toBe('1');
        expect(await health.json()).toEqual({
          status: 'degraded',
          error: 'service_unavailable',
          message: 'The server is saturated, please try again shortly',
          admission: { atWork: 2, waiting: 2, max: 2, signIn: { atWork: 0, waiting: 0, max: 1 } },
        });
      }, hangGuard);
      const refused = await fetch(`${started.baseUrl}/api/auth/session/current`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ error: 'service_unavailable' });

      renders.open();
      expect((await Promise.all(renderCalls)).map((answer) => answer.status)).toEqual([201, 201]);
      expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200]);
      const health = await fetch(`${started.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: 'ok',
        admission: { atWork: 0, waiting: 0, max: 2, signIn: { atWork: 0, waiting: 0, max: 1 } },
      });
    } finally {
      renders.open();
    }
  }, 120_000);
});

describe('an abandoned request body', () => {
  it('is logged at info as an aborted request with its route and address, not as a database problem', async () => {
    const lines: string[] = [];
    const started = await start({
      services: ['auth'],
      logStream: { write: (line) => lines.push(line) },
    });
    const arrivals = countArrivals(started, '/api/auth/login');
    const held = await sendHalfBody(
      started.baseUrl,
      clientAddress(3),
      '/api/auth/login',
      200,
      '{"em',
    );
    await vi.waitFor(() => expect(arrivals()).toBe(1), hangGuard);
    held.socket.destroy();

    const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    await vi.waitFor(
      () => expect(entries().map((entry) => entry.msg)).toContain('request aborted'),
      hangGuard,
    );
    expect(entries().find((entry) => entry.msg === 'request aborted')).toMatchObject({
      level: 30,
      req: { method: 'POST', url: '/api/auth/login', remoteAddress: clientAddress(3) },
    });
    expect(entries().filter((entry) => Number(entry.level) >= 40)).toEqual([]);
  });
});
