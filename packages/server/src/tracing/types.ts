import type { IncomingHttpHeaders } from 'node:http';
import type { StatementObserver } from '../db/statementWatch.ts';

// The process's tracing as the rest of the server sees it: loadTracing (index.ts) makes it, over
// OpenTelemetry's SDK (otel.ts), only when the environment asks for traces.

/** The span of one request, ended with its status. */
export type RequestSpan = { end(status: number): void };

export type Tracing = {
  /**
   * Starts the span of a request and makes it the current span for the rest of the request's
   * work. A request from a trusted proxy continues the trace its `traceparent` header names (and
   * follows its sampled flag); any other caller's is ignored: the request starts a trace of its
   * own, sampled as the operator's sampler says.
   */
  requestStarted(request: {
    method: string;
    route: string;
    headers: IncomingHttpHeaders;
    isFromTrustedProxy: boolean;
  }): RequestSpan;
  /** Runs `work` in a span named `name`: a child of the current span, or a trace of its own. */
  inSpan<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** A statement's span, under the current span; none outside a traced request or job. */
  statementStarted: StatementObserver;
  /** The current trace's id (for the log lines), or undefined outside a trace. */
  currentTraceId(): string | undefined;
  /** Sends the spans not sent yet, and stops. */
  shutdown(): Promise<void>;
};
