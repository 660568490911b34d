import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import type { HttpLimits } from './limits.ts';

/**
 * The server as the product builds it (no services), with `/work` answering only when the test
 * lets it, listening on loopback.
 */
async function serverWithWork(http: Partial<HttpLimits> = {}) {
  const app = await buildServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: null,
    isFrontendCspStrict: true,
    http,
  });
  let finishWork = () => {};
  let workStarted = () => {};
  const started = new Promise<void>((resolve) => {
    workStarted = resolve;
  });
  app.get('/work', async () => {
    workStarted();
    await new Promise<void>((resolve) => {
      finishWork = resolve;
    });
    return { done: true };
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(baseUrl).port);
  return { app, baseUrl, port, started, finish: () => finishWork() };
}

/** A raw connection to `port`, open once its handshake is done; `closed` when the server ends it. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed };
}

/** How long `promise` takes to settle, ms. */
async function timeOf(promise: Promise<unknown>): Promise<number> {
  const started = performance.now();
  await promise;
  return performance.now() - started;
}

describe('a stop', () => {
  it('closes connections that never sent a request, and half-sent ones, instead of waiting for their clients', async () => {
    const { app, port } = await serverWithWork();
    const unused = await rawConnection(port);
    const halfSent = await rawConnection(port);
    halfSent.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    // Without the orderly stop, Node counted both as busy and the stop waited on them (for more
    // than a minute): the clients here never leave.
    const took = await timeOf(app.close());
    await Promise.all([unused.closed, halfSent.closed]);
    expect(took).toBeLessThan(5_000);
  });

  it('answers a request in progress before it ends, and refuses new requests meanwhile', async () => {
    const { app, baseUrl, started, finish } = await serverWithWork();
    const working = fetch(`${baseUrl}/work`);
    await started;
    const idle = await rawConnection(Number(new URL(baseUrl).port));

    let hasStopped = false;
    const stopping = app.close().then(() => {
      hasStopped = true;
    });
    await idle.closed;
    // A new connection no longer reaches the server.
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
    expect(hasStopped).toBe(false);

    finish();
    const answer = await working;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    expect(await timeOf(stopping)).toBeLessThan(5_000);
  });

  it('cuts off a request that outlasts the grace', async () => {
    const { app, baseUrl, started } = await serverWithWork({ stopGraceMs: 300 });
    const working = fetch(`${baseUrl}/work`);
    await started;

    const took = await timeOf(app.close());
    await expect(working).rejects.toThrow();
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(5_000);
  });
});
