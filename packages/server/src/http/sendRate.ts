import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { clientAddressKey } from './clientAddress.ts';
import type { HttpLimits } from './limits.ts';

// An answer that is not read stays in the process: its bytes wait in the socket's buffer once
// the kernel's are full, and a streamed answer (a large picture or report, a static file) holds
// its source open. So a connection whose waiting bytes make no progress is closed: after a
// grace, the client must take them at the minimum rate over each window, like a request body
// (bodyRate.ts). One timer looks at the open connections; an answer the kernel takes at once
// never has bytes waiting, so a request costs nothing here.

/** A connection with bytes waiting: since when, and its progress at the start of its window. */
type Waiting = { since: number; windowStart: number; handedAtWindowStart: number };

/** How long one address's closed connections are logged by one line. */
const logEveryMs = 60 * 60 * 1000;

/** The most addresses remembered for that (the oldest are forgotten beyond it). */
const maxLoggedAddresses = 10_000;

/** What the rule did, for tests and monitoring. */
export type SendRateState = {
  /** Connections with bytes of an answer waiting in the process, and those bytes. */
  waitingConnections: number;
  waitingBytes: number;
  /** Connections closed for not reading, since the server started. */
  closed: number;
};

/**
 * Closes connections of `server` whose answer waits unread (see the top of this file), logging
 * this once per client address (an IPv6 /64) and hour, without the address.
 */
export function closeStalledSends(
  server: Server,
  limits: Pick<
    HttpLimits,
    'sendGraceMs' | 'sendWindowMs' | 'minSendBytesPerSecond' | 'timeoutCheckIntervalMs'
  >,
  log: () => FastifyBaseLogger,
): { state(): SendRateState } {
  const open = new Set<Socket>();
  const waiting = new Map<Socket, Waiting>();
  /** When each address's last line was written, oldest first. */
  const logged = new Map<string, number>();
  let closed = 0;
  let timer: NodeJS.Timeout | null = null;

  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      waiting.delete(socket);
    });
  });

  const logClosed = (socket: Socket, state: Waiting, now: number) => {
    const address = clientAddressKey(socket.remoteAddress ?? 'unknown');
    for (const [key, at] of logged) {
      if (now - at < logEveryMs && logged.size < maxLoggedAddresses) break;
      logged.delete(key);
    }
    if (logged.has(address)) return;
    logged.set(address, now);
    // Nothing of who or what: no address, no URL (a picture's holds a person's id).
    log().info(
      {
        waitingBytes: socket.writableLength,
        sentBytes: socket.bytesWritten - socket.writableLength,
        waitedMs: now - state.since,
        // The scale of it: every such connection of every address since the server started.
        closedSinceStart: closed,
      },
      'answer not read: connection closed (logged once an hour per client address)',
    );
  };

  const check = () => {
    const now = Date.now();
    for (const socket of open) {
      const waitingBytes = socket.writableLength;
      if (waitingBytes === 0 || socket.destroyed) {
        waiting.delete(socket);
        continue;
      }
      // Bytes the kernel has taken, so on their way to the client.
      const handed = socket.bytesWritten - waitingBytes;
      const state = waiting.get(socket);
      if (!state) {
        waiting.set(socket, { since: now, windowStart: now, handedAtWindowStart: handed });
        continue;
      }
      if (now - state.since < limits.sendGraceMs) {
        state.windowStart = now;
        state.handedAtWindowStart = handed;
        continue;
      }
      const windowMs = now - state.windowStart;
      if (windowMs < limits.sendWindowMs) continue;
      if ((handed - state.handedAtWindowStart) * 1000 < limits.minSendBytesPerSecond * windowMs) {
        closed += 1;
        logClosed(socket, state, now);
        waiting.delete(socket);
        // A reset, not a close: a close would leave the kernel's buffered bytes (megabytes on a
        // fast link) to be sent to a client that reads nothing, with the end of the connection
        // queued behind them.
        socket.resetAndDestroy();
        continue;
      }
      state.windowStart = now;
      state.handedAtWindowStart = handed;
    }
  };

  server.on('listening', () => {
    timer ??= setInterval(check, limits.timeoutCheckIntervalMs);
    timer.unref();
  });
  server.on('close', () => {
    if (timer) clearInterval(timer);
    timer = null;
  });

  return {
    state() {
      let waitingBytes = 0;
      let waitingConnections = 0;
      for (const socket of open) {
        if (socket.writableLength === 0) continue;
        waitingConnections += 1;
        waitingBytes += socket.writableLength;
      }
      return { waitingConnections, waitingBytes, closed };
    },
  };
}
