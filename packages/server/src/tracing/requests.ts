import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TrustProxy } from '../http/clientAddress.ts';
import { trustedProxyMatcher } from '../http/connectionLimit.ts';
import type { RequestSpan, Tracing } from './types.ts';

/** The route name of a request no route matched (its address may hold anything). */
const unmatchedRoute = 'unmatched';

/**
 * A span per request, named by its method and route template (never its address), started before
 * any other hook and ended with its answer's status (or 499 when the caller went away first). A
 * caller's `traceparent` is believed only from a trusted proxy (`TRUST_PROXY`), as its
 * `X-Forwarded-For` is.
 */
export function traceRequests(
  app: FastifyInstance,
  tracing: Tracing,
  trustProxy: TrustProxy | undefined,
) {
  const isTrustedProxy = trustedProxyMatcher(trustProxy);
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  app.addHook('onRequest', (request, _reply, done) => {
    spans.set(
      request,
      tracing.requestStarted({
        method: request.method,
        route: request.routeOptions.url ?? unmatchedRoute,
        headers: request.headers,
        isFromTrustedProxy: isTrustedProxy(request.socket.remoteAddress ?? ''),
      }),
    );
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    spans.get(request)?.end(reply.statusCode);
    spans.delete(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    spans.get(request)?.end(499);
    spans.delete(request);
    done();
  });
}
