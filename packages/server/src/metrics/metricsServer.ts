import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.ts';

/** Where the metrics are served (`METRICS_PORT`, `METRICS_HOST`). */
export type MetricsAddress = { port: number; host: string };

/** Scrapers at once: Prometheus keeps one connection per target; a few more for people. */
const maxConnections = 16;

/**
 * `GET /metrics` in Prometheus' text format, on a port of its own: never on the public API port,
 * and by default on loopback only, where the operator's Prometheus (or its agent) reads it. The
 * server answers nothing else: another path is a 404, another method a 405.
 */
export async function startMetricsServer(metrics: Metrics, { port, host }: MetricsAddress) {
  const server = createServer(
    { requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 5_000 },
    (request, response) => void answer(metrics, request, response),
  );
  server.maxConnections = maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    /** The port it listens on (the one asked for, or the one given for port 0). */
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(metrics: Metrics, request: IncomingMessage, response: ServerResponse) {
  // What a client sends is never read: a scrape has no body.
  request.resume();
  const path = (request.url ?? '').split('?')[0];
  if (path !== '/metrics') return plain(response, 404, 'Not found: the metrics are at /metrics\n');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    return plain(response, 405, 'Method not allowed: GET /metrics\n');
  }
  let text: string;
  try {
    text = await metrics.registry.metrics();
  } catch {
    return plain(response, 500, 'The metrics could not be collected\n');
  }
  response.writeHead(200, {
    'Content-Type': metrics.registry.contentType,
    'Cache-Control': 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}

function plain(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(text);
}
