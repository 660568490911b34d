import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

// Clients with addresses of their own: Linux routes all of 127.0.0.0/8 to loopback, so a socket
// bound to 127.0.0.N reaches a server on 127.0.0.1 from that address.

/** The N-th test client address, 127.0.0.(10 + N). */
export function clientAddress(index: number): string {
  return `127.0.0.${10 + index}`;
}

/** A raw connection the test writes to, with what the server sent back and whether it closed. */
export type HeldSocket = {
  socket: Socket;
  /** Everything the server has sent on it, as text. */
  received(): string;
  isClosed(): boolean;
  /** Resolves once the connection has closed, whoever closed it. */
  closed: Promise<void>;
};

/** Opens a connection from `localAddress` to the server of `baseUrl`. */
export async function openFrom(baseUrl: string, localAddress: string): Promise<HeldSocket> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect({ host: hostname, port: Number(port), localAddress });
  let text = '';
  let isClosed = false;
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
  });
  // A reset by the server is one way of closing.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, isClosed: () => isClosed, closed };
}

/** Opens a connection from `localAddress` and sends the headers of `path` and only `sentBody`. */
export async function sendHalfBody(
  baseUrl: string,
  localAddress: string,
  path: string,
  contentLength: number,
  sentBody: string,
): Promise<HeldSocket> {
  const held = await openFrom(baseUrl, localAddress);
  held.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: coach.test\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${contentLength}\r\n\r\n${sentBody}`,
  );
  return held;
}

export type AddressedAnswer = { status: number; headers: Record<string, unknown>; body: unknown };

/** One request over a connection of its own from `localAddress`; the body is parsed as JSON. */
export function requestFrom(
  baseUrl: string,
  localAddress: string,
  options: { method?: string; path: string; token?: string; body?: unknown },
): Promise<AddressedAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${baseUrl}${options.path}`,
      {
        method: options.method ?? 'GET',
        localAddress,
        agent: false,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text itself.
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
