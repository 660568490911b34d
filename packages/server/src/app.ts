import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError } from 'fastify';
import type { ServerConfig } from './config.ts';

/** The JSON body of every error the server answers with. */
export type ErrorBody = { error: string; message: string };

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

/** Builds the server: the platform API under `/api` and the web front end beside it. */
export async function buildServer(config: ServerConfig, options: { logger?: boolean } = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    const isApi = request.url.startsWith('/api/');
    if (isApi || config.isFrontendCspStrict) {
      reply.header('Content-Security-Policy', contentSecurityPolicy);
    }
    if (isApi) reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const body: ErrorBody =
      status >= 500
        ? { error: 'internal', message: 'Something went wrong on our side' }
        : { error: error.code ?? 'bad_request', message: error.message };
    return reply.status(status).send(body);
  });

  app.get('/api/health', async () => ({ status: 'ok' }));

  if (config.staticDir) {
    const index = join(config.staticDir, 'index.html');
    await app.register(fastifyStatic, { root: config.staticDir, index: 'index.html' });
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/')) {
        // Client-side routes fall back to the single page.
        return reply.type('text/html').sendFile('index.html', config.staticDir ?? index);
      }
      return notFound(reply, request.url);
    });
  } else {
    app.setNotFoundHandler((request, reply) => notFound(reply, request.url));
  }

  return app;
}

function notFound(reply: import('fastify').FastifyReply, url: string) {
  const body: ErrorBody = { error: 'not_found', message: `No route for ${url.split('?')[0]}` };
  return reply.status(404).send(body);
}
