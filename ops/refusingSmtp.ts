import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';

/**
 * An SMTP server on loopback that takes no mail: it refuses `permanent` recipients for good (550:
 * the outbox gives such a mail up at once, a dead letter) and every other for now (451: the
 * outbox keeps it and retries). It answers only what nodemailer asks of a plain server (no TLS,
 * no authentication) and records the recipients it was offered.
 */
export async function startRefusingSmtp(permanent: string[]) {
  const offered: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 refusing.test');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RCPT') {
          const recipient = /<([^>]*)>/.exec(line)?.[1] ?? '';
          offered.push(recipient);
          reply(
            permanent.includes(recipient)
              ? '550 5.1.1 No such mailbox here'
              : '451 4.3.0 Not now, try again later',
          );
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 5.5.2 Not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
    reply('220 refusing.test ESMTP');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The recipients offered so far, in order (a retried mail's again). */
    offered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
