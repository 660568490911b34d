import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// A stop answers the requests in progress and then ends. Node's `server.close()` closes idle
// keep-alive connections, but counts as busy a connection that has not sent a whole request yet:
// one opened and never used (a browser's speculative connection, a test client's spare one) or
// one whose headers are still coming. Its header timeout would close it, but `close()` stops
// those checks, so the stop waited until the client left: more than a minute in tests. Those
// connections close with the server here, and requests that outlast the grace are cut off.

/**
 * At stop (Fastify's `preClose`, beside the live streams' end): closes every connection with no
 * request in progress, refuses connections that come before the listener closes, and after
 * `graceMs` closes the connections still answering.
 */
export function stopInOrder(app: FastifyInstance, graceMs: number) {
  const server: Server = app.server;
  const inProgress = new Map<Socket, number>();
  let isStopping = false;
  server.on('connection', (socket: Socket) => {
    if (isStopping) {
      socket.destroy();
      return;
    }
    inProgress.set(socket, 0);
    socket.once('close', () => inProgress.delete(socket));
  });
  // 'request' comes once a request's headers have arrived; its answer's 'close' once it has
  // been sent or its connection lost.
  server.on('request', (request, reply) => {
    const socket = request.socket;
    const count = inProgress.get(socket);
    if (count === undefined) return;
    inProgress.set(socket, count + 1);
    reply.once('close', () => {
      const left = (inProgress.get(socket) ?? 1) - 1;
      inProgress.set(socket, left);
      // Answered during the stop: the connection ends once its bytes have gone (Node closed the
      // idle ones when the stop began, and would keep this one open).
      if (isStopping && left === 0) socket.end();
    });
  });

  let cutOff: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    isStopping = true;
    for (const [socket, count] of inProgress) if (count === 0) socket.destroy();
    cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
    cutOff.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(cutOff);
    done();
  });
}
