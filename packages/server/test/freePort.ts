import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port handed out: below it are the well-known services' registered ports. */
const lowestPort = 10_000;

/**
 * The first port of the kernel's ephemeral range (32768 on Linux by default): the ports it gives
 * the machine's own end of every outgoing connection. A port found free in that range can be
 * taken by any connection (a browser's, a database pool's) before the process it was found for
 * listens on it, and a server process takes seconds to start on a busy machine: CI once saw
 * 'listen EADDRINUSE' so. Ports are handed out below that range.
 */
function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > 0 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether something may listen on `port` on loopback right now. */
function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((answer) => {
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });
}

/**
 * A TCP port free on loopback right now, for a process to listen on: a random one below the
 * kernel's ephemeral range (see `ephemeralRangeStart`), or the kernel's choice where that range
 * leaves fewer than a thousand ports below it.
 */
export async function freePort(): Promise<number> {
  const end = ephemeralRangeStart();
  if (end - lowestPort >= 1_000) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const port = randomInt(lowestPort, end);
      if (await isFree(port)) return port;
    }
  }
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}
