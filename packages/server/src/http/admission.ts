import type { FastifyInstance } from 'fastify';
import { createConcurrencyLimit } from '../services/auth/concurrencyLimit.ts';

// With more requests at once than the database serves, every statement waits in the pool's queue
// behind every other request's statements, so a request of several statements (a sign-in, a
// write in a transaction, the session check then a query) waits once per statement. Under 200
// connections starting together on two processes (npm run reliability -- load), clients lists
// waited past the pool's 10 s wait for a connection and answered 500. Admitted a bounded number
// at a time, first come first served, each request waits once, at the door, and the pool's queue
// stays short: its time is its turn plus its own work.

/**
 * API requests at work at once in one process: twice the PostgreSQL pool (10 connections), so
 * that while some are between statements (their own code, a password check, a PDF render) others
 * use the connections.
 */
export const defaultMaxRequestsAtWork = 20;

/** Requests that never wait: the health check answers from memory, whatever the load. */
const unqueuedPaths = new Set(['/api/health']);

/**
 * Admits the API requests of `app` at most `max` at a time, in arrival order: a request waits
 * before anything else runs for it (its session check included) and leaves when its answer has
 * been sent or its connection has closed. A caller gone while waiting is never run.
 */
export function registerAdmission(app: FastifyInstance, max = defaultMaxRequestsAtWork) {
  const slots = createConcurrencyLimit(max);
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || unqueuedPaths.has(path)) return done();
    let isGone = false;
    let leave = () => {};
    // 'close' comes once the answer is sent, or when the connection ends before.
    reply.raw.once('close', () => {
      isGone = true;
      leave();
    });
    void slots(
      () =>
        new Promise<void>((resolve) => {
          if (isGone) return resolve();
          leave = resolve;
          done();
        }),
    );
  });
}
