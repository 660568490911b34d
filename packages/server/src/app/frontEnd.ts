import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domainError.ts';

/**
 * Serves the web front end from `staticDir` beside the API, with its single page for client-side
 * routes; without one, or for a path nothing serves, the API's 404.
 */
export async function registerFrontEnd(app: FastifyInstance, staticDir: string | null) {
  if (staticDir) {
    const root = staticDir;
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
        reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html', root);
        return;
      }
      throw noRoute(request.url);
    });
  } else {
    app.setNotFoundHandler(async (request) => {
      throw noRoute(request.url);
    });
  }
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
