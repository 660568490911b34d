import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress, requestFrom } from '../../test/fromAddress.ts';
import { registerAdmission } from './admission.ts';
import { createAdmissionGate } from './admissionGate.ts';
import { answerErrors } from './errorAnswers.ts';
import { defaultHttpLimits, type HttpLimits } from './limits.ts';

/**
 * A server on loopback admitting one API request at a time, whose `/api/work/:id` answers only
 * when the test lets it; it records which requests arrived and which were run.
 */
async function serverOfOne(
  limits: Partial<HttpLimits> = { maxRequestsAtWork: 1 },
  { trustProxy = false } = {},
) {
  // The test's keep-alive connections are closed with the server, not left to time out.
  const app = Fastify({ forceCloseConnections: true, trustProxy });
  const arrived: string[] = [];
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  app.addHook('onRequest', async (request) => {
    arrived.push(request.url);
  });
  const gate = registerAdmission(app, limits);
  // Refusals are answered by the server's one error handler.
  answerErrors(app);
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get<{ Params: { id: string } }>('/api/work/:id', async (request) => {
    started.push(request.params.id);
    await new Promise<void>((resolve) => finishers.set(request.params.id, resolve));
    return { id: request.params.id };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const until = async (condition: () => boolean) => {
    for (let tries = 0; !condition(); tries += 1) {
      if (tries > 200) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const finish = (id: string) => finishers.get(id)?.();
  return { app, base, arrived, started, until, finish, gate };
}

let server: FastifyInstance | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('registerAdmission', () => {
  it('runs a request only once the one before has answered, and answers the health check meanwhile', async () => {
    const { app, base, started, until, finish, gate } = await serverOfOne();
    server = app;
    const first = fetch(`${base}/api/work/a`);
    await until(() => started.includes('a'));
    const second = fetch(`${base}/api/work/b`);
    // The second waits at the gate, behind the first.
    await until(() => gate.state().waiting === 1);

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(gate.state()).toMatchObject({ atWork: 1, waiting: 1 });
    expect(started).toEqual(['a']);

    finish('a');
    expect(await (await first).json()).toEqual({ id: 'a' });
    await until(() => started.includes('b'));
    finish('b');
    expect(await (await second).json()).toEqual({ id: 'b' });
  });

  it('never runs a request whose caller went away while it waited, and passes its turn on', async () => {
    const { app, base, arrived, started, until, finish } = await serverOfOne();
    server = app;
    const first = fetch(`${base}/api/work/a`);
    await until(() => started.includes('a'));
    const leaving = new AbortController();
    const gone = fetch(`${base}/api/work/gone`, { signal: leaving.signal }).catch(() => null);
    await until(() => arrived.includes('/api/work/gone'));
    leaving.abort();
    await gone;
    const third = fetch(`${base}/api/work/c`);
    await until(() => arrived.includes('/api/work/c'));

    finish('a');
    await first;
    await until(() => started.includes('c'));
    finish('c');
    expect((await third).status).toBe(200);
    expect(started).toEqual(['a', 'c']);
  });
});

describe('registerAdmission per client address', () => {
  it("refuses an address's requests over its share with 429 while another address is served", async () => {
    const { app, base, arrived, started, until, finish } = await serverOfOne({
      maxRequestsAtWork: 4,
      maxAtWorkPerAddress: 1,
      maxWaitingPerAddress: 1,
    });
    server = app;
    const [busy, other] = [clientAddress(1), clientAddress(2)];
    const first = requestFrom(base, busy, { path: '/api/work/a' });
    await until(() => started.includes('a'));
    const second = requestFrom(base, busy, { path: '/api/work/b' });
    await until(() => arrived.includes('/api/work/b'));

    const third = await requestFrom(base, busy, { path: '/api/work/c' });
    expect({ status: third.status, body: third.body }).toEqual({
      status: 429,
      body: {
        error: 'rate_limited',
        message: 'Too many requests from your address at once, please try again shortly',
      },
    });
    expect(third.headers['retry-after']).toBe('1');
    const elsewhere = requestFrom(base, other, { path: '/api/work/d' });
    await until(() => started.includes('d'));
    expect(started).toEqual(['a', 'd']);

    finish('d');
    expect((await elsewhere).status).toBe(200);
    finish('a');
    expect((await first).status).toBe(200);
    await until(() => started.includes('b'));
    finish('b');
    expect((await second).status).toBe(200);
  });
});

describe('registerAdmission per IPv6 client', () => {
  it('counts the addresses of one /64 as one client, and another /64 apart', async () => {
    // Behind a trusted proxy, the forwarded address is the client's (loopback has no IPv6 range).
    const { app, base, arrived, started, until, finish } = await serverOfOne(
      { maxRequestsAtWork: 4, maxAtWorkPerAddress: 1 },
      { trustProxy: true },
    );
    server = app;
    const from = (address: string, id: string) =>
      fetch(`${base}/api/work/${id}`, { headers: { 'x-forwarded-for': address } });
    const first = from('2001:db8:1:2::1', 'a');
    await until(() => started.includes('a'));
    const sameSubnet = from('2001:db8:1:2:ffff:ffff:ffff:fffe', 'b');
    await until(() => arrived.includes('/api/work/b'));
    const otherSubnet = from('2001:db8:1:3::1', 'c');
    await until(() => started.includes('c'));
    // b waits behind a: the same client; c went ahead of it.
    expect(started).toEqual(['a', 'c']);

    finish('c');
    finish('a');
    await until(() => started.includes('b'));
    finish('b');
    expect((await Promise.all([first, sameSubnet, otherSubnet])).map((r) => r.status)).toEqual([
      200, 200, 200,
    ]);
  });
});

describe('createAdmissionGate', () => {
  const limits = { ...defaultHttpLimits, maxRequestsAtWork: 3, maxSignInAtWork: 1 };

  it('admits a signed-in call at once while sign-ins wait for their one slot', () => {
    const gate = createAdmissionGate(limits);
    const admitted: string[] = [];
    for (const name of ['login 1', 'login 2', 'login 3']) {
      gate.enter('signIn', `10.0.0.${name.slice(-1)}`, () => admitted.push(name));
    }
    gate.enter('general', '10.0.1.1', () => admitted.push('persons'));
    expect(admitted).toEqual(['login 1', 'persons']);
    expect(gate.state()).toMatchObject({
      atWork: 2,
      waiting: 2,
      signIn: { atWork: 1, waiting: 2, max: 1 },
      isSaturated: false,
    });
  });

  it('passes a freed sign-in slot to the next sign-in, in arrival order', () => {
    const gate = createAdmissionGate(limits);
    const admitted: string[] = [];
    const first = gate.enter('signIn', '10.0.0.1', () => admitted.push('login 1'));
    gate.enter('signIn', '10.0.0.2', () => admitted.push('login 2'));
    gate.enter('signIn', '10.0.0.3', () => admitted.push('login 3'));
    if (typeof first !== 'object') throw new Error('the first sign-in was refused');
    first.leave();
    expect(admitted).toEqual(['login 1', 'login 2']);
  });

  it('answers queue_full once the sign-in queue holds its most', () => {
    const gate = createAdmissionGate({ ...limits, maxSignInWaiting: 1 });
    gate.enter('signIn', '10.0.0.1', () => {});
    expect(typeof gate.enter('signIn', '10.0.0.2', () => {})).toBe('object');
    expect(gate.enter('signIn', '10.0.0.3', () => {})).toBe('queue_full');
    // Signed-in calls still get in.
    let isAdmitted = false;
    gate.enter('general', '10.0.0.4', () => {
      isAdmitted = true;
    });
    expect(isAdmitted).toBe(true);
  });
});
