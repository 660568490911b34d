/** Options of the fake server's refresh endpoint. */
type RefreshBehaviour = 'rotate' | 'unauthorized' | 'server-error';

type Attempt = {
  path: string;
  authorization: string | null;
  method: string;
  /** The JSON body sent, or null without one. */
  body: unknown;
};

/**
 * A tiny in-test server speaking the contract, as a fetch function: data calls need the current
 * access token, `/api/auth/session/refresh` rotates the tokens. A refresh token is single-use with
 * strict reuse detection: sending a spent one again revokes the session (every token of it).
 * `?delay=ms` delays an answer.
 * A data call answers `{ path, query }`, or the body set in `answers` for its path.
 */
export function createFakeServer(options: { accessToken?: string; refreshToken?: string } = {}) {
  const server = {
    accessToken: options.accessToken ?? 'access-1',
    refreshToken: options.refreshToken ?? 'refresh-1',
    generation: 1,
    refreshBehaviour: 'rotate' as RefreshBehaviour,
    /** Data paths that answer 401 whatever the token. */
    alwaysUnauthorized: new Set<string>(),
    /** Canned answers of authorised data calls, by path (without the query). */
    answers: new Map<string, { status?: number; body: unknown }>(),
    refreshCalls: 0,
    /** Refreshes that sent an already spent refresh token (each revoked the session). */
    reuseDetections: 0,
    /** The refresh tokens already exchanged. */
    spentRefreshTokens: new Set<string>(),
    /** The `Authorization` header of each refresh call, in order. */
    refreshAuthorizations: [] as (string | null)[],
    attempts: [] as Attempt[],
    fetch: (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input), 'http://coach.test');
      const authorization = new Headers(init?.headers).get('authorization');
      const delay = Number(url.searchParams.get('delay') ?? 1);
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, delay);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('The operation was aborted', 'AbortError'));
        });
      });
      if (url.pathname === '/api/auth/session/refresh') {
        server.refreshCalls += 1;
        server.refreshAuthorizations.push(authorization);
        if (server.refreshBehaviour === 'server-error')
          return json(500, { error: 'internal_error', message: 'Boom' });
        const body = JSON.parse(String(init?.body)) as { refreshToken?: string };
        if (body.refreshToken && server.spentRefreshTokens.has(body.refreshToken)) {
          server.reuseDetections += 1;
          server.accessToken = 'revoked';
          server.refreshToken = 'revoked';
          return json(401, { error: 'invalid_token', message: 'Refresh token reused' });
        }
        if (
          server.refreshBehaviour === 'unauthorized' ||
          body.refreshToken !== server.refreshToken
        ) {
          return json(401, { error: 'invalid_token', message: 'Refresh token revoked' });
        }
        server.spentRefreshTokens.add(server.refreshToken);
        server.generation += 1;
        server.accessToken = `access-${server.generation}`;
        server.refreshToken = `refresh-${server.generation}`;
        return json(200, { accessToken: server.accessToken, refreshToken: server.refreshToken });
      }
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      server.attempts.push({ path: url.pathname + url.search, authorization, method, body });
      if (url.pathname === '/api/auth/login') {
        return json(401, { error: 'invalid_credentials', message: 'Wrong email or password' });
      }
      if (url.pathname === '/api/account/forbidden') {
        return json(403, {
          error: 'forbidden',
          message: 'You can not update another person profile',
        });
      }
      if (
        server.alwaysUnauthorized.has(url.pathname) ||
        authorization !== `Bearer ${server.accessToken}`
      ) {
        return json(401, { error: 'invalid_token', message: 'Access token expired' });
      }
      const answer = server.answers.get(url.pathname);
      if (answer) return json(answer.status ?? 200, answer.body);
      return json(200, { path: url.pathname, query: url.search });
    }) as typeof globalThis.fetch,
    /** The attempts of one path, in order. */
    attemptsOf(path: string): Attempt[] {
      return server.attempts.filter((attempt) => attempt.path === path);
    },
  };
  return server;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
