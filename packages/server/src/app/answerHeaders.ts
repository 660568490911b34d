import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { openApiDocsPath } from '../openapi.ts';

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

/** Sets the headers every answer carries: its request id, and the security headers of its kind. */
export type SetAnswerHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/** The headers every answer carries, by kind (the API's, the docs' and the front end's). */
export function createAnswerHeaders(
  config: Pick<ServerConfig, 'isFrontendCspStrict'>,
): SetAnswerHeaders {
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

  return function setAnswerHeaders(request, reply) {
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
  };
}
