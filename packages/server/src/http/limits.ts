// What one client, or a crowd of them, may hold of the server: connections, time to send a
// request, time to read an answer, turns at the admission gate and memory for large answers. A
// client that sends its request slowly, reads its answer slowly, or sends many at once, must not
// make everyone else wait (twenty connections that sent half a body each froze the API for as
// long as they stayed open; so did twenty that asked for a large picture and never read it).

import { defaultPoolSize } from '../db/databaseConfig.ts';

/** The server's limits on connections, request timing and admission; see `defaultHttpLimits`. */
export type HttpLimits = {
  /** Time to receive a request's headers from the first byte (Node's `headersTimeout`), ms. */
  headersTimeoutMs: number;
  /**
   * Time to receive a whole request, headers and body (Node's `requestTimeout`), ms. It must let
   * a 7 MB picture through a slow uplink; the body rate below cuts slow small bodies far sooner.
   */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (Node's `keepAliveTimeout`), ms. */
  keepAliveTimeoutMs: number;
  /**
   * How often Node checks the two timeouts above (its default, 30 s, would let them run late),
   * and how often the server looks for answers that are not being read (see sendRate.ts), ms.
   */
  timeoutCheckIntervalMs: number;
  /** Time a body may take before its rate counts, ms. */
  bodyGraceMs: number;
  /**
   * Slowest average rate of a body after the grace: a body of L bytes is complete by
   * `bodyGraceMs + L / rate`, or answered 408 and its connection closed.
   */
  minBodyBytesPerSecond: number;
  /**
   * Time an answer's bytes may wait in the server (the client reading none of them) before the
   * rate below counts, ms.
   */
  sendGraceMs: number;
  /** The span over which an answer's progress is measured after the grace, ms. */
  sendWindowMs: number;
  /**
   * Slowest rate at which the client takes an answer that waits in the server, after the grace:
   * less over a window closes the connection (see sendRate.ts).
   */
  minSendBytesPerSecond: number;
  /**
   * Bytes of a large answer (a picture, a report) read from the database at a time: what one
   * connection holds of it in the server, at most (see largeAnswer.ts).
   */
  largeAnswerChunkBytes: number;
  /** Large answers (over one chunk) being sent at once in the process; more are answered 503. */
  maxLargeAnswers: number;
  /**
   * Of those, at most this many to one client address (an IPv6 /64); more are answered 429, so
   * one address that reads nothing cannot take every large answer from everyone else.
   */
  maxLargeAnswersPerAddress: number;
  /** Open connections from one socket address (an IPv6 /64; trusted proxies excepted). */
  maxConnectionsPerAddress: number;
  /** API requests at work at once in the process (see admission.ts). */
  maxRequestsAtWork: number;
  /** Of those, at most this many sign-in requests (login, password reset, invite check/accept). */
  maxSignInAtWork: number;
  /** API requests at work at once for one client address (`request.ip`, an IPv6 /64). */
  maxAtWorkPerAddress: number;
  /** API requests waiting for a turn for one client address; more are answered 429. */
  maxWaitingPerAddress: number;
  /** API requests waiting for a turn (sign-ins apart); more are answered 503. */
  maxWaiting: number;
  /** Sign-in requests waiting for a turn; more are answered 503. */
  maxSignInWaiting: number;
  /** A request waiting this long marks the gate as saturated in `/api/health`, ms. */
  saturatedAfterMs: number;
  /**
   * How long a stop waits for the requests in progress before it closes their connections, ms
   * (see orderlyStop.ts).
   */
  stopGraceMs: number;
};

/** The limits of the product; figures chosen so that no real client meets them. */
export const defaultHttpLimits: HttpLimits = {
  headersTimeoutMs: 10_000,
  // 7 MB in 300 s is 190 kbit/s: a poor mobile uplink still gets a picture through.
  requestTimeoutMs: 300_000,
  // Fastify's default: longer than the 60 s idle timeout of common load balancers, so a proxy
  // never reuses a connection the server is closing.
  keepAliveTimeoutMs: 72_000,
  timeoutCheckIntervalMs: 1_000,
  bodyGraceMs: 5_000,
  // 16 kbit/s: a login body has 5.1 s, the largest JSON body (512 KiB) 4.3 minutes.
  minBodyBytesPerSecond: 2_048,
  // A phone that loses its signal for a few seconds (a lift, a tunnel) comes back within TCP's
  // retransmission backoff, some 15 s after the link returns: neither the grace nor a window
  // ends a transfer for that. A non-reading client is closed after about 40 s.
  sendGraceMs: 20_000,
  sendWindowMs: 20_000,
  // 16 kbit/s, as for bodies: a poor 2G link (40 kbit/s and up) is well above it, and a 7 MB
  // picture at the floor itself still arrives (in under an hour).
  minSendBytesPerSecond: 2_048,
  // 128 KiB: a 7 MB picture is 54 short reads, each between two sends, and small pictures and
  // most reports go in one piece.
  largeAnswerChunkBytes: 128 * 1024,
  // 64 of a chunk each: at most 8 MiB of large answers wait in the process, while the coaches of
  // a practice downloading pictures and reports at once never come near the cap.
  maxLargeAnswers: 64,
  // A browser's 6 connections to a host, with room: a page shows a handful of pictures at once.
  maxLargeAnswersPerAddress: 8,
  maxConnectionsPerAddress: 64,
  ...admissionForPool(defaultPoolSize),
  // A browser opens 6 connections per host: a page's calls run 4 at a time and the rest wait.
  maxAtWorkPerAddress: 4,
  maxWaitingPerAddress: 32,
  maxWaiting: 512,
  maxSignInWaiting: 64,
  saturatedAfterMs: 5_000,
  // Time for a report's render or a picture's last bytes, well inside the 30 s a process manager
  // (systemd, Kubernetes) commonly gives a stop before it kills the process.
  stopGraceMs: 10_000,
};

/**
 * The requests at work for a process with `poolSize` PostgreSQL connections: twice the pool (see
 * admission.ts), of which sign-in work takes at most three in ten, so signed-in calls always find
 * most of the slots.
 */
export function admissionForPool(
  poolSize: number,
): Pick<HttpLimits, 'maxRequestsAtWork' | 'maxSignInAtWork'> {
  const maxRequestsAtWork = 2 * poolSize;
  return { maxRequestsAtWork, maxSignInAtWork: Math.max(1, Math.floor(maxRequestsAtWork * 0.3)) };
}

/** The product's limits with the given ones instead. */
export function httpLimits(overrides: Partial<HttpLimits> = {}): HttpLimits {
  return { ...defaultHttpLimits, ...overrides };
}
