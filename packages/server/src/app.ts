import { defaultBodyLimit, type ServiceName } from '@coach/api';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createAnswerHeaders } from './app/answerHeaders.ts';
import { type ErrorAnswer, watchErrorAnswers } from './app/errorAnswerWatch.ts';
import { registerFrontEnd } from './app/frontEnd.ts';
import { registerHealth } from './app/health.ts';
import { fastifyTrustProxy, type ServerConfig } from './config.ts';
import { registerAdmission } from './http/admission.ts';
import { registerBodyRate } from './http/bodyRate.ts';
import { limitConnectionsPerAddress } from './http/connectionLimit.ts';
import { answerErrors, type ErrorBody } from './http/errorAnswers.ts';
import { registerLargeAnswers } from './http/largeAnswer.ts';
import { httpLimits } from './http/limits.ts';
import {
  type LogStream,
  lazyRequestLogger,
  loggerOptions,
  OneLinePerRequest,
  registerAbortedRequestLog,
} from './http/logging.ts';
import { stopInOrder } from './http/orderlyStop.ts';
import { closeStalledSends } from './http/sendRate.ts';
import { outboxMetrics } from './mail/outboxMetrics.ts';
import type { Metrics } from './metrics/metrics.ts';
import { registerOpenApi } from './openapi.ts';
import { registerClientReadAudit } from './services/clientRecords/index.ts';
import type { ServiceContext } from './services/core/index.ts';
import { servicePlugins } from './services/index.ts';
import type { Tracing } from './tracing/index.ts';
import { traceRequests } from './tracing/requests.ts';

export type BuildServerOptions = {
  logger?: boolean;
  /** Where the log lines go (standard output by default); the tests capture them. */
  logStream?: LogStream;
  /** The services to host and what they need; without it only health and the front end. */
  services?: { context: ServiceContext; enabled: readonly ServiceName[] };
  /**
   * Sees every error answer (status >= 400) with its parsed JSON body, after serialisation: the
   * tests check each against the error catalogue.
   */
  onErrorAnswer?: (answer: ErrorAnswer) => void;
  /** The process's metrics (`METRICS_PORT`), fed by this server's requests and admission gate. */
  metrics?: Metrics;
  /** The process's traces (OTEL_EXPORTER_OTLP_ENDPOINT): a span per request, its statements. */
  tracing?: Tracing;
};

export type { ErrorAnswer } from './app/errorAnswerWatch.ts';

/** Builds the server: the platform API under `/api` and the web front end beside it. */
export async function buildServer(config: ServerConfig, options: BuildServerOptions = {}) {
  const limits = httpLimits(config.http);
  // With a logger (the product's), the log controller tells the metrics of each answer, as Fastify
  // calls it then anyway (see OneLinePerRequest); without one, a hook does (below).
  const logController = new OneLinePerRequest({
    onAnswered: options.logger ? options.metrics?.requestAnswered : undefined,
  });
  const setAnswerHeaders = createAnswerHeaders(config);
  const app = Fastify({
    // No secret, personal text or body reaches a log line (see loggerOptions); one line per
    // request (see OneLinePerRequest).
    logger: options.logger ? loggerOptions(options.logStream, options.tracing) : false,
    logController,
    ...(options.logger ? { childLoggerFactory: lazyRequestLogger } : {}),
    // A client that sends its request slowly loses its connection (see limits.ts and bodyRate.ts);
    // producing the answer has no time limit here.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    // Contract routes set their own (contractRoute); this covers the others (health, front end).
    bodyLimit: defaultBodyLimit,
    // Validation stops at the first problem: collecting them all let one body of many empty
    // items cost seconds of work and a huge answer.
    ajv: { customOptions: { allErrors: false, allowUnionTypes: true } },
    genReqId: () => crypto.randomUUID(),
    // request.ip (throttling, audit) believes X-Forwarded-For only from configured proxies.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // An address the router cannot read (a bad percent-escape, a parameter over its length
    // limit) gets the API's error body; Fastify's own answer echoes the address, with a 414
    // outside the catalogue.
    frameworkErrors: (_error, request, reply) => {
      const body: ErrorBody = { error: 'bad_request', message: 'The request address is not valid' };
      // Answered before any route: no hook runs, so the answer's headers are set here.
      setAnswerHeaders(request, reply);
      options.onErrorAnswer?.({ method: request.method, url: request.url, status: 400, body });
      return (reply as FastifyReply).status(400).send(body);
    },
  });
  // First: every later hook, the handler and what they start belong to the request's span.
  if (options.tracing) traceRequests(app, options.tracing, config.trustProxy);
  limitConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress, config.trustProxy);
  // A stop answers the requests in progress, within a grace, and waits for nothing else.
  stopInOrder(app, limits.stopGraceMs);
  // Answers the client does not read are dropped (sendRate.ts), and large ones are streamed in
  // bounded chunks, a bounded number at once (largeAnswer.ts).
  closeStalledSends(app.server, limits, () => app.log);
  registerLargeAnswers(app, limits);
  if (options.logger) registerAbortedRequestLog(app, logController);
  // API requests are admitted a bounded number at a time, once their body has come (see
  // admission.ts), and bodies that come too slowly are dropped (bodyRate.ts).
  const admission = registerAdmission(app, limits, options.metrics?.refused);
  if (options.metrics) {
    const answered = options.metrics.requestAnswered;
    if (!options.logger) {
      // Tests and tools that build a server without a logger.
      app.addHook('onResponse', (request, reply, done) => {
        answered(request, reply, reply.elapsedTime);
        done();
      });
    }
    options.metrics.watchAdmission(admission);
  }
  registerBodyRate(app, limits);
  app.addHook('onRequest', (request, reply, done) => {
    setAnswerHeaders(request, reply);
    done();
  });

  if (options.onErrorAnswer) watchErrorAnswers(app, options.onErrorAnswer);

  answerErrors(app);

  if (config.corsOrigins?.length) await registerCors(app, config.corsOrigins);

  // Before the services, so the document covers their routes.
  await registerOpenApi(app);

  registerHealth(app, admission);

  if (options.services) {
    options.metrics?.watchDatabase(options.services.context.database);
    if (options.tracing) {
      options.services.context.database.statements.observe(options.tracing.statementStarted);
    }
    options.metrics?.register(outboxMetrics).watchOutbox(options.services.context.database);
    await registerServices(app, options.services);
  }
  await registerFrontEnd(app, config.staticDir);

  return app;
}

/** CORS only for the configured origins (CORS_ORIGINS); none by default. */
async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  await app.register(cors, {
    origin: [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Last-Event-ID: the live event stream resumes with it.
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Last-Event-ID'],
    exposedHeaders: ['ETag', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
}

/** The enabled services, each under `/api/<name>`, with the record of client reads before them. */
async function registerServices(
  app: FastifyInstance,
  { context, enabled }: NonNullable<BuildServerOptions['services']>,
) {
  // Before the services: a root hook covers the routes they register.
  registerClientReadAudit(app, context);
  for (const name of enabled) {
    const plugin = servicePlugins[name];
    if (!plugin) continue;
    await app.register(async (scope) => plugin(scope, context), { prefix: `/api/${name}` });
  }
}
