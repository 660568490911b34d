import { relative, sep } from 'node:path';
import { defaultBodyLimit, type ServiceName } from '@coach/api';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { fastifyTrustProxy, type ServerConfig } from './config.ts';
import { DomainError } from './domainError.ts';
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
import { closeStalledSends } from './http/sendRate.ts';
import { type HealthBody, healthRouteSchema, openApiDocsPath, registerOpenApi } from './openapi.ts';
import { registerClientReadAudit } from './services/clientRecords/index.ts';
import type { ServiceContext } from './services/core/index.ts';
import { servicePlugins } from './services/index.ts';

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // Chakra (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

// The API's answers (JSON, pictures, the PDF report) are never a page: nothing may load from them
// or frame them. Short, since every answer carries it.
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

// Swagger UI (at /api/docs only) needs inline scripts and styles; nothing else gets this policy.
const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

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
};

/** An error answer as a caller receives it. */
export type ErrorAnswer = { method: string; url: string; status: number; body: unknown };

/** Builds the server: the platform API under `/api` and the web front end beside it. */
export async function buildServer(config: ServerConfig, options: BuildServerOptions = {}) {
  const limits = httpLimits(config.http);
  const logController = new OneLinePerRequest();
  const app = Fastify({
    // No secret, personal text or body reaches a log line (see loggerOptions); one line per
    // request (see OneLinePerRequest).
    logger: options.logger ? loggerOptions(options.logStream) : false,
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
    // Validation stops at the first problem: collecting them all let one body of 200,000 empty
    // items cost seconds and a 36 MB answer.
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
  // The security headers of every answer, by kind, lower-cased as Fastify stores them.
  const commonHeaders: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['x-frame-options', 'DENY'],
  ];
  const apiHeaders: [string, string][] = [
    ...commonHeaders,
    ['content-security-policy', apiContentSecurityPolicy],
  ];
  const docsHeaders: [string, string][] = [
    ...commonHeaders,
    ['content-security-policy', docsContentSecurityPolicy],
  ];
  const frontEndHeaders: [string, string][] = config.isFrontendCspStrict
    ? [...commonHeaders, ['content-security-policy', contentSecurityPolicy]]
    : commonHeaders;
  limitConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress, config.trustProxy);
  // Answers the client does not read are dropped (sendRate.ts), and large ones are streamed in
  // bounded chunks, a bounded number at once (largeAnswer.ts).
  closeStalledSends(app.server, limits, () => app.log);
  registerLargeAnswers(app, limits);
  if (options.logger) registerAbortedRequestLog(app, logController);
  // API requests are admitted a bounded number at a time, once their body has come (see
  // admission.ts), and bodies that come too slowly are dropped (bodyRate.ts).
  const admission = registerAdmission(app, limits);
  registerBodyRate(app, limits);
  app.addHook('onRequest', (request, reply, done) => {
    setAnswerHeaders(request, reply);
    done();
  });

  /** The headers every answer carries (the routes' through the hook above). */
  function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply) {
    // Request ids reach the caller too, to quote in a support request.
    reply.header('x-request-id', request.id);
    const { url } = request;
    const isApi = url.startsWith('/api/');
    const isDocs = url === openApiDocsPath || url.startsWith(`${openApiDocsPath}/`);
    // Fixed per kind of answer, so built once: the API's, the docs' and the front end's.
    const fixed = isDocs ? docsHeaders : isApi ? apiHeaders : frontEndHeaders;
    for (const [name, value] of fixed) reply.header(name, value);
    // Personal data is never stored by caches; a route with its own policy (pictures) keeps it.
    if (isApi) reply.header('cache-control', 'no-store');
    // Over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto), browsers are told to
    // come back over HTTPS only; over plain HTTP the header would mean nothing (RFC 6797).
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  }

  const { onErrorAnswer } = options;
  if (onErrorAnswer) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400) return payload;
      const isJson = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
      let body: unknown = payload;
      if (isJson && typeof payload === 'string') {
        try {
          body = JSON.parse(payload);
        } catch {
          body = payload;
        }
      }
      onErrorAnswer({ method: request.method, url: request.url, status: reply.statusCode, body });
      return payload;
    });
  }

  answerErrors(app);

  // CORS only for the configured origins (CORS_ORIGINS); none by default.
  if (config.corsOrigins?.length) {
    await app.register(cors, {
      origin: [...config.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // Last-Event-ID: the live event stream resumes with it.
      allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Last-Event-ID'],
      exposedHeaders: ['ETag', 'Retry-After', 'X-Request-Id'],
      maxAge: 600,
    });
  }

  // Before the services, so the document covers their routes.
  await registerOpenApi(app);

  // Answered from memory: how busy the admission gate is, for monitoring. Saturated (its queue
  // full, or a request waiting for seconds), it answers 503 so that a load balancer sends new
  // clients elsewhere; sign-ins alone never make it so (a password spray must not take the
  // server out of rotation).
  app.get('/api/health', { schema: healthRouteSchema }, async (_request, reply) => {
    const { isSaturated, ...state } = admission.state();
    if (!isSaturated) return { status: 'ok', admission: state } satisfies HealthBody;
    reply.status(503).header('Retry-After', '1');
    return {
      status: 'degraded',
      error: 'service_unavailable',
      message: 'The server is saturated, please try again shortly',
      admission: state,
    } satisfies HealthBody;
  });

  if (options.services) {
    const { context, enabled } = options.services;
    // Before the services: a root hook covers the routes they register.
    registerClientReadAudit(app, context);
    for (const name of enabled) {
      const plugin = servicePlugins[name];
      if (!plugin) continue;
      await app.register(async (scope) => plugin(scope, context), { prefix: `/api/${name}` });
    }
  }

  if (config.staticDir) {
    const root = config.staticDir;
    await app.register(fastifyStatic, {
      root,
      index: 'index.html',
      // The app's build writes a .br and a .gz beside every text file: each answer is the one the
      // browser accepts (brotli, else gzip, else the file itself), with `Vary: Accept-Encoding`.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        reply.header('Cache-Control', staticCacheControl(root, filePath)),
    });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      if (request.method === 'GET' && !isApi && !path.startsWith(assetsPath)) {
        // Client-side routes fall back to the single page. A missing hashed asset stays a 404:
        // an old page asking for a chunk of a previous build must not get HTML for its script.
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html')
          .sendFile('index.html', root);
      }
      throw noRoute(request.url);
    });
  } else {
    app.setNotFoundHandler(async (request) => {
      throw noRoute(request.url);
    });
  }

  return app;
}

/** Where the app's build puts its content-hashed files (see the app's vite.config.ts). */
const assetsPath = '/assets/';

/**
 * Hashed assets never change under their name: cached for a year. Everything else (index.html,
 * locales, favicon) is revalidated on every use (ETag), so a new build is picked up at once.
 */
function staticCacheControl(root: string, filePath: string): string {
  const path = `/${relative(root, filePath).split(sep).join('/')}`;
  return path.startsWith(assetsPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The refusal of an address no route serves. */
function noRoute(url: string): DomainError {
  return new DomainError('not_found', `No route for ${url.split('?')[0]}`);
}
