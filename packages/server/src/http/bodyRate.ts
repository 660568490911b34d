import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { messages } from '@coach/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpLimits } from './limits.ts';

// A body that does not arrive is dropped: after a grace, a body must have come at the minimum
// rate (its time runs while the server reads it, not while the request waits for a turn), else
// the request is answered 408 and its connection closed. Node's requestTimeout bounds the whole
// request beside this, but is too long for small bodies: a login body that stops after 4 bytes
// would otherwise hold its connection for minutes.

/** The code of the error a too slow body ends with; app.ts answers it as 408 request_timeout. */
export const bodyTooSlowCode = 'COACH_BODY_TOO_SLOW';

/** Whether the request carries a body the server reads (GET and HEAD bodies are never read). */
export function hasBody(raw: IncomingMessage): boolean {
  if (raw.method === 'GET' || raw.method === 'HEAD') return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

type BodyClock = { pause(): void; resume(): void };

const clocks = new WeakMap<FastifyRequest, BodyClock>();

/** Stops the body's clock while the request waits at the admission gate (not the client's time). */
export function pauseBodyClock(request: FastifyRequest): void {
  clocks.get(request)?.pause();
}

export function resumeBodyClock(request: FastifyRequest): void {
  clocks.get(request)?.resume();
}

/** Times every request body against `limits` (see the top of this file). */
export function registerBodyRate(
  app: FastifyInstance,
  limits: Pick<HttpLimits, 'bodyGraceMs' | 'minBodyBytesPerSecond'>,
) {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const { raw } = request;
    const socket = raw.socket;
    if (!hasBody(raw) || !socket) return done(null, payload);
    // A multipart body is read by the route's handler from the raw request: it gets no relay,
    // and a too slow one loses its connection without an answer.
    const isReadByHandler = raw.headers['content-type']?.startsWith('multipart/') === true;
    const relay = isReadByHandler ? null : new PassThrough();
    if (relay) {
      payload.pipe(relay);
      // A client gone mid-body ends the parsing as it would without the relay.
      payload.once('error', (error) => relay.destroy(error));
    }

    const length = Number(raw.headers['content-length']);
    const expected = Number.isFinite(length) ? length : Number.POSITIVE_INFINITY;
    // Bytes of the body that came with the headers wait in the request's buffer.
    const firstBytes = socket.bytesRead - raw.readableLength;
    const received = () => socket.bytesRead - firstBytes;
    let activeMs = 0;
    let activeSince: number | null = null;
    let timer: NodeJS.Timeout | null = null;
    let isOver = false;

    const elapsed = () => activeMs + (activeSince === null ? 0 : Date.now() - activeSince);
    const check = () => {
      timer = null;
      const bytes = received();
      if (bytes >= expected) return;
      const due = Math.min(
        expected,
        (limits.minBodyBytesPerSecond * (elapsed() - limits.bodyGraceMs)) / 1000,
      );
      if (bytes < due) return tooSlow();
      // The next moment the body could fall behind.
      const behindAt = limits.bodyGraceMs + ((bytes + 1) * 1000) / limits.minBodyBytesPerSecond;
      timer = setTimeout(check, Math.max(100, behindAt - elapsed()));
    };
    const tooSlow = () => {
      stop();
      request.log.info({ received: received(), expected }, 'request body too slow');
      if (!relay) {
        raw.destroy();
        return;
      }
      // Once the 408 has gone, the rest of the body is read and dropped for a moment, so that
      // closing does not reset the connection under the answer, then the connection is closed.
      reply.raw.once('finish', () => {
        raw.resume();
        socket.end();
        setTimeout(() => socket.destroy(), 1000).unref();
      });
      relay.destroy(
        Object.assign(new Error(messages.requestBodyTooSlow), {
          code: bodyTooSlowCode,
          statusCode: 408,
        }),
      );
    };
    const clock: BodyClock = {
      pause() {
        if (activeSince === null) return;
        activeMs += Date.now() - activeSince;
        activeSince = null;
        if (timer) clearTimeout(timer);
        timer = null;
      },
      resume() {
        if (isOver || activeSince !== null) return;
        activeSince = Date.now();
        timer = setTimeout(check, Math.max(0, limits.bodyGraceMs - activeMs));
      },
    };
    const stop = () => {
      isOver = true;
      clock.pause();
    };
    clocks.set(request, clock);
    raw.once('end', stop);
    reply.raw.once('close', stop);
    clock.resume();
    done(null, relay ?? payload);
  });
}
