import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAdmission } from './admission.ts';

/**
 * A server on loopback admitting one API request at a time, whose `/api/work/:id` answers only
 * when the test lets it; it records which requests arrived and which were run.
 */
async function serverOfOne() {
  // The test's keep-alive connections are closed with the server, not left to time out.
  const app = Fastify({ forceCloseConnections: true });
  const arrived: string[] = [];
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  app.addHook('onRequest', async (request) => {
    arrived.push(request.url);
  });
  registerAdmission(app, { maxRequestsAtWork: 1 });
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
  return { app, base, arrived, started, until, finish };
}

let server: FastifyInstance | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('registerAdmission', () => {
  it('runs a request only once the one before has answered, and answers the health check meanwhile', async () => {
    const { app, base, arrived, started, until, finish } = await serverOfOne();
    server = app;
    const first = fetch(`${base}/api/work/a`);
    await until(() => started.includes('a'));
    const second = fetch(`${base}/api/work/b`);
    await until(() => arrived.includes('/api/work/b'));

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
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
