import { connect, type Socket } from 'node:net';

// Clients that ask for a large answer and never read it, for the slow-reader tests and the
// reliability check alike (no test runner needed).

/** A connection that sent its request and reads nothing of the answer. */
export type NonReader = {
  socket: Socket;
  /** `address:port` of its end. */
  end: string;
  /** When its request was written (`performance.now()`). */
  sentAt: number;
};

/**
 * Opens a connection from `localAddress` that sends `GET path` and never reads: paused before it
 * connects, the socket never takes a byte from the kernel, whose buffers then fill and stay full.
 */
export async function requestWithoutReading(
  baseUrl: string,
  localAddress: string,
  path: string,
  token?: string,
): Promise<NonReader> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect({ host: hostname, port: Number(port), localAddress });
  socket.pause();
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const authorization = token ? `Authorization: Bearer ${token}\r\n` : '';
  socket.write(`GET ${path} HTTP/1.1\r\nHost: coach.test\r\n${authorization}\r\n`);
  return {
    socket,
    end: `${socket.localAddress}:${socket.localPort}`,
    sentAt: performance.now(),
  };
}
