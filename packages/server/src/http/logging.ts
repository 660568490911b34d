import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';

/** Where log lines go instead of standard output (the tests capture them). */
export type LogStream = { write(line: string): void };

/** The process's tracing as the log sees it (`tracing/`): the trace a line is written in. */
type TraceOfLine = { currentTraceId(): string | undefined };

/** What stands in for a value that must not be logged. */
const redacted = '[redacted]';

/** The health check's address: its healthy answers are logged one in {@link healthLogEvery}. */
const healthPath = '/api/health';

/** One healthy health check in this many gets its log line. */
export const healthLogEvery = 100;

/** Most query parameter names one log line lists. */
const maxLoggedQueryNames = 20;

/**
 * The pino options of the server's logger. No log line carries a token, code, password, body or
 * answer: the request line has the path and the query parameter names only (a value may be the
 * invite token of `/invite?token=...`), headers and bodies are never serialised, and an error
 * keeps its name, code, message and stack frames but nothing a database error carries about the
 * query (drizzle's message holds the SQL parameters: a client's answers, a token's hash).
 */
export function loggerOptions(
  stream?: LogStream,
  tracing?: TraceOfLine,
): FastifyServerOptions['logger'] {
  return {
    // With traces on, a line written within a trace names it (`traceId`).
    ...(tracing ? { mixin: () => traceFields(tracing.currentTraceId()) } : {}),
    serializers: { req: requestLogFields, err: errorLogFields },
    // Defence in depth, should a handler log an object of its own.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'body',
        'req.body',
        '*.body',
        '*.password',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.resetPasswordCode',
        '*.answers',
      ],
      censor: redacted,
    },
    stream: stream ?? standardOutput(),
  };
}

/** Told of an answered request: its request, its reply and the milliseconds it took. */
export type RequestAnswered = (
  request: FastifyRequest,
  reply: FastifyReply,
  elapsedMs: number,
) => void;

const noFields = {};
/** The fields a traced line carries. */
function traceFields(traceId: string | undefined) {
  return traceId === undefined ? noFields : { traceId };
}

/**
 * Standard output, written in batches of about 4 KB (and at least every half second, and at exit):
 * a write per line cost the server as much as answering a plain request on a busy machine. The
 * writes are synchronous: handing each to a thread of the pool cost more than the write itself.
 */
function standardOutput(): LogStream {
  return pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 500 });
}

/**
 * One log line per request, written when its answer has gone: method, redacted URL, client
 * address, status, response time and the request id (`reqId`). Fastify's own pair (one line on
 * arrival, one on completion) cost the server a third of its throughput on a plain route. An
 * answer that failed on the way out is logged as an error instead; a 500 keeps its own error line
 * from the error handler.
 */
export class OneLinePerRequest extends LogController {
  /** The logger of the request lines: the server's, without its redaction (see below). */
  #lines: FastifyBaseLogger | null = null;
  /** Healthy answers of the health check since its last line (see `healthLogEvery`). */
  #healthySinceLine = 0;
  readonly #onAnswered: RequestAnswered | undefined;

  /**
   * `onAnswered` is told of every answered request, logged or not (the metrics): Fastify calls
   * this controller once per answer anyway, where a hook of their own cost a plain route a tenth
   * of its time.
   */
  constructor(options: { onAnswered?: RequestAnswered | undefined } = {}) {
    super();
    this.#onAnswered = options.onAnswered;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    this.#onAnswered?.(request, reply, responseTime);
    // A load balancer asks every few seconds, a monitor may ask many times a second: a healthy
    // answer is logged once in `healthLogEvery` (the first one included); any other always.
    if (!error && request.url === healthPath && reply.statusCode === 200) {
      this.#healthySinceLine = (this.#healthySinceLine + 1) % healthLogEvery;
      if (this.#healthySinceLine !== 1 % healthLogEvery) return;
    }
    const fields = { req: request, res: reply, responseTime };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    // The line holds only what the req and res serializers keep (method, redacted URL, address,
    // status) and numbers: the redaction of the server's logger, which would walk every field of
    // it for paths it cannot hold, cost as much as the rest of the line.
    this.#lines ??= request.server.log.child({}, { redact: [] });
    this.#lines.info({ reqId: request.id, ...fields }, 'request completed');
  }

  /**
   * The line of a request whose connection closed before its answer was sent: the client gave up
   * or went away (mid-body, or while it waited). Its own doing, not a fault of the server's, so
   * at info level; the same fields as a completed request, without a status.
   */
  requestAborted(request: FastifyRequest, reply: FastifyReply): void {
    this.#lines ??= request.server.log.child({}, { redact: [] });
    this.#lines.info(
      { reqId: request.id, req: request, responseTime: reply.elapsedTime },
      'request aborted',
    );
  }
}

/**
 * A request's logger, made when first used: Fastify gives every request a child logger bound to
 * its id, and making one (pino's `child`, its bindings serialised) cost a plain route a tenth of
 * its CPU, while most requests never log through it (their one line is written by
 * {@link OneLinePerRequest}). Fastify's `childLoggerFactory`.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];
type AnyLog = (...args: unknown[]) => void;

/** See {@link lazyRequestLogger}: every method goes to the child, made on the first call. */
class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #made: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #child(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  get level(): string {
    return this.#child().level;
  }
  set level(level: string) {
    this.#child().level = level;
  }
  fatal(...args: unknown[]) {
    (this.#child().fatal as AnyLog)(...args);
  }
  error(...args: unknown[]) {
    (this.#child().error as AnyLog)(...args);
  }
  warn(...args: unknown[]) {
    (this.#child().warn as AnyLog)(...args);
  }
  info(...args: unknown[]) {
    (this.#child().info as AnyLog)(...args);
  }
  debug(...args: unknown[]) {
    (this.#child().debug as AnyLog)(...args);
  }
  trace(...args: unknown[]) {
    (this.#child().trace as AnyLog)(...args);
  }
  silent(...args: unknown[]) {
    (this.#child().silent as AnyLog)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }
}

/** Logs each request whose connection closes before its answer has gone (see `requestAborted`). */
export function registerAbortedRequestLog(app: FastifyInstance, controller: OneLinePerRequest) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.requestAborted(request, reply);
    });
    done();
  });
}

/** Whether the client of `request` has closed its connection (mid-body, or before its answer). */
export function isClientGone(request: FastifyRequest): boolean {
  return request.raw.aborted || request.raw.socket?.destroyed === true;
}

/** The request as a log line shows it. */
function requestLogFields(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: redactedUrl(request.url), remoteAddress: request.ip };
}

/** `/invite?token=abc&x=1` as `/invite?token=[redacted]&x=[redacted]`. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .slice(0, maxLoggedQueryNames)
    .map((part) => `${part.split('=')[0]?.slice(0, 64)}=${redacted}`);
  return `${url.slice(0, queryStart)}?${names.join('&')}`;
}

/** An error as a log line shows it: what went wrong and where, not with which data. */
export type ErrorLogFields = {
  type: string;
  code?: string | number;
  message: string;
  stack: string;
  cause?: ErrorLogFields;
};

/** See {@link ErrorLogFields}. */
export function errorLogFields(error: unknown, depth = 0): ErrorLogFields {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    // Drizzle's errors leave `name` at 'Error': the class says more.
    type: error.name === 'Error' ? error.constructor.name : error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: safeMessage(error),
    // The stack's first line repeats the message: only the frames are kept.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    ...(error.cause !== undefined && depth < 3
      ? { cause: errorLogFields(error.cause, depth + 1) }
      : {}),
  };
}

function safeMessage(error: Error): string {
  // Drizzle's DrizzleQueryError: 'Failed query: <sql>\nparams: <values>'. Its cause, the
  // database's own error, says what failed; its query and parameters are never serialised.
  if (error.message.startsWith('Failed query:')) return 'Failed query';
  // A database message may quote the value it refused ('invalid input syntax for type uuid: "…"').
  return error.message.replace(/:\s*"[\s\S]*$/, `: ${redacted}`).slice(0, 300);
}
