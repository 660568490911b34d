// Serves the visual review (`npm run test-storybook:report`) on 127.0.0.1: the last run's page at
// /visual/index.html, the earlier runs kept beside it at /visual-runs/<run>/index.html, and
// POST /approve {"ids": [...]}, which makes those stories' renders of the last run their
// baselines (scripts/visualApprove.ts) and answers {"approved": [...]} or {"error": "..."}.
//   node scripts/visualReviewServer.ts [port]   (default VISUAL_REVIEW_PORT or 6008)
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type ApproveFolders, approveRenders, defaultFolders } from './visualApprove.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** The largest approval body read: story ids, a few thousand of them at most. */
const maxBodyBytes = 256 * 1024;

/** The folders of the root that are served: the last run's review and the earlier runs'. */
const servedFolders = new Set(['visual', 'visual-runs']);

/** Whether `path` lies strictly inside `folder` (both absolute and resolved). */
function isInside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== '' && !isAbsolute(rest) && rest.split(sep)[0] !== '..';
}

/**
 * The real path of the file a request's decoded `path` names, when it is a file that really lies
 * in the served folder the path's first segment names; undefined otherwise. Checked after `..`
 * (sent encoded, as `%2e%2e` or `..%2f`) and then every symlink are resolved, so neither leads out.
 */
async function servedFile(base: string, path: string): Promise<string | undefined> {
  const folderName = path.split('/')[1] ?? '';
  if (!servedFolders.has(folderName)) return undefined;
  const folder = join(base, folderName);
  const file = resolve(base, `.${path}`);
  if (!isInside(folder, file)) return undefined;
  try {
    const [realFolder, realFile] = await Promise.all([realpath(folder), realpath(file)]);
    if (!isInside(realFolder, realFile) || !(await stat(realFile)).isFile()) return undefined;
    return realFile;
  } catch {
    // Missing, unreadable, or not a name the file system takes (a NUL).
    return undefined;
  }
}

/** Answers with the file the decoded `path` names when servedFile allows it; 404 otherwise. */
async function sendFile(
  base: string,
  path: string,
  isHead: boolean,
  response: ServerResponse,
  answer: (status: number, body: unknown) => void,
) {
  const file = await servedFile(base, path);
  if (!file) return answer(404, { error: 'not found' });
  response.writeHead(200, {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
  });
  if (isHead) return response.end();
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

type ReviewServerOptions = {
  /** The folder that holds visual/ and visual-runs/ (test-results). */
  root: string;
  folders: ApproveFolders;
};

/** The review server, not yet listening. */
export function createReviewServer({ root, folders }: ReviewServerOptions): Server {
  const base = resolve(root);
  return createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    // Only this machine's names: a page of another site whose name points here (DNS rebinding)
    // comes with its own name as the host.
    if (!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(request.headers.host ?? '')) {
      return answer(403, { error: 'the review is served to 127.0.0.1 and localhost only' });
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://review').pathname);
    } catch {
      return answer(400, { error: 'not a path' });
    }
    if (path === '/approve') {
      if (request.method !== 'POST') return answer(405, { error: 'POST the ids to approve' });
      // A page of another origin may not approve (a form or fetch posted from elsewhere).
      const origin = request.headers.origin;
      if (origin && origin !== `http://${request.headers.host}`) {
        return answer(403, { error: 'approvals come from the review page only' });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) {
          answer(413, { error: 'too many ids at once' });
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      request.on('end', () => {
        if (response.headersSent) return;
        let ids: unknown;
        try {
          ids = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ids?: unknown }).ids;
        } catch {
          return answer(400, { error: 'the body is not JSON' });
        }
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
          return answer(400, { error: 'ids must be a list of story ids' });
        }
        try {
          return answer(200, { approved: approveRenders(ids, folders) });
        } catch (error) {
          return answer(400, { error: (error as Error).message });
        }
      });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(405, { error: 'the review is read with GET' });
    }
    if (path === '/') {
      response.writeHead(302, { location: '/visual/index.html' });
      return response.end();
    }
    // The page carries its icon inline; an image opened alone still asks for this one.
    if (path === '/favicon.ico') {
      response.writeHead(204, { 'cache-control': 'max-age=86400' });
      return response.end();
    }
    void sendFile(base, path, request.method === 'HEAD', response, answer);
  });
}

if (import.meta.main) {
  const port = Number(process.argv[2] ?? process.env.VISUAL_REVIEW_PORT ?? 6008);
  const server = createReviewServer({ root: 'test-results', folders: defaultFolders });
  server.listen(port, '127.0.0.1', () => {
    console.log(`Visual review: http://127.0.0.1:${port}/visual/index.html (Ctrl-C to stop)`);
  });
}
