import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy to `target` that a test can take down and bring back on the same port:
 * `stop()` drops every connection and refuses new ones, as a stopped database server does;
 * `start()` serves again. Stands between the server under test and the shared PostgreSQL server,
 * which the other test files keep using.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = async () => {
    const listening = createServer((incoming) => {
      const outgoing = connect(target.port, target.host);
      for (const socket of [incoming, outgoing]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          incoming.destroy();
          outgoing.destroy();
        });
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    const address = listening.address();
    if (address === null || typeof address === 'string') throw new Error('no proxy port');
    port = address.port;
    server = listening;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and closes the port. */
    async stop() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    /** Serves again on the same port. */
    start: listen,
  };
}
