import type { SimulationServer } from './server.ts';

// The simulator's HTTP calls: each request counted in the run's summary by route and status, and
// each answer with an unexpected status recorded as a failure, never retried or ignored.

export type Tokens = { accessToken: string; refreshToken: string };
export type Answer = { status: number; body: unknown };

/** A signed-in caller: renews its tokens when the access token is refused. */
export type Session = { email: string; password: string; tokens: Tokens };

/** The statuses a call may answer, or a test of the whole answer. */
export type Expected = readonly number[] | ((answer: Answer) => boolean);

/** A request answered with a status the simulator did not expect. */
export type RequestFailure = {
  route: string;
  status: number;
  /** The simulated instant it was sent at. */
  at: string;
  response: string;
};

/** What the calls count: requests by route ('POST /api/survey/reflections') and status. */
export type RequestTally = {
  requests: number;
  byRoute: Record<string, Record<string, number>>;
  failures: RequestFailure[];
};

export type SimulationHttp = ReturnType<typeof createSimulationHttp>;

export function isTokens(body: unknown): body is Tokens {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Tokens).accessToken === 'string' &&
    typeof (body as Tokens).refreshToken === 'string'
  );
}

/** The calls of one run against `server`, counted in `tally`. */
export function createSimulationHttp(
  server: Pick<SimulationServer, 'baseUrl' | 'clock'>,
  tally: RequestTally,
) {
  async function send(
    method: 'GET' | 'POST',
    route: string,
    path: string,
    body: unknown,
    token: string | null,
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    tally.requests += 1;
    const label = `${method} ${route}`;
    const counts = tally.byRoute[label] ?? {};
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    tally.byRoute[label] = counts;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, body: parsed };
  }

  function check(route: string, answer: Answer, expected: Expected): boolean {
    const isExpected =
      typeof expected === 'function' ? expected(answer) : expected.includes(answer.status);
    if (isExpected) return true;
    tally.failures.push({
      route,
      status: answer.status,
      at: server.clock.now().toISOString(),
      response: JSON.stringify(answer.body).slice(0, 300),
    });
    return false;
  }

  async function signIn(email: string, password: string): Promise<Tokens | null> {
    const route = '/api/auth/login';
    const answer = await send('POST', route, route, { email, password }, null);
    return check(`POST ${route}`, answer, [200]) && isTokens(answer.body) ? answer.body : null;
  }

  /** New tokens for a session whose access token was refused: refresh, else sign in again. */
  async function renew(session: Session): Promise<boolean> {
    const route = '/api/auth/session/refresh';
    const refreshed = await send(
      'POST',
      route,
      route,
      { refreshToken: session.tokens.refreshToken },
      null,
    );
    if (refreshed.status === 200 && isTokens(refreshed.body)) {
      session.tokens = refreshed.body;
      return true;
    }
    const tokens = await signIn(session.email, session.password);
    if (tokens) session.tokens = tokens;
    return tokens !== null;
  }

  /** An authenticated call; one renewal and retry when the access token is refused. */
  async function call(
    session: Session,
    method: 'GET' | 'POST',
    route: string,
    path: string,
    body: unknown,
    expected: Expected,
  ): Promise<Answer> {
    let answer = await send(method, route, path, body, session.tokens.accessToken);
    if (answer.status === 401 && (await renew(session))) {
      answer = await send(method, route, path, body, session.tokens.accessToken);
    }
    check(`${method} ${route}`, answer, expected);
    return answer;
  }

  return { send, check, signIn, call };
}
