// One virtual user's connection to the server and the record of what every call answered.
//
// A virtual user holds one keep-alive connection (as a browser tab or the client app would) and
// its own client address, sent in X-Forwarded-For as a proxy in front of the servers would (the
// servers trust it from loopback only: TRUST_PROXY=loopback). Every answer is checked: its status
// is the one the call expects, and its body has the contract's shape for that status (the same
// TypeBox schemas the server validates with), so a 200 with a wrong body is an error too.
import { Agent, request as httpRequest } from 'node:http';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { fillPath, type RouteName, routes } from '../../packages/api/src/index.ts';

/** How long a caller waits before giving up on an answer (a person would reload by then). */
export const requestTimeoutMs = 30_000;

/** Per route: calls, latencies (ms) and errors by status ('timeout', 'network', '200 body'). */
export type RouteRecord = { count: number; latencies: number[]; errors: Record<string, number> };

/** The calls of a run, by route, and a few samples of what failed (status and error code). */
export type Recorder = {
  routes: Map<string, RouteRecord>;
  failures: { route: string; status: string; body: string }[];
  /** Counts the calls only when true: the warm-up and the wind-down are not measured. */
  isMeasuring: boolean;
};

export function createRecorder(): Recorder {
  return { routes: new Map(), failures: [], isMeasuring: false };
}

const validators = new Map<TSchema, ReturnType<typeof Compile>>();
function validatorOf(schema: TSchema) {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

type Call = {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  /** The status a success answers; by default the route's 2xx (the lowest, when it has two). */
  expect?: number;
};

type Answer = { status: number; headers: Record<string, unknown>; body: Buffer };

/** The lowest success status a route declares (201 for a created report, 204 for sign-out). */
function successStatus(name: RouteName): number {
  const statuses = Object.keys(routes[name].response).map(Number);
  return statuses.find((status) => status >= 200 && status < 300) ?? 200;
}

/** A virtual user's connection: `call(route, ...)` answers the checked body or throws. */
export class VirtualUserConnection {
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });
  readonly #base: URL;
  readonly #address: string;
  readonly #recorder: Recorder;

  constructor(base: string, address: string, recorder: Recorder) {
    this.#base = new URL(base);
    this.#address = address;
    this.#recorder = recorder;
  }

  close() {
    this.#agent.destroy();
  }

  /**
   * Calls a route of the contract and checks its answer: the expected status and, for JSON, the
   * contract's shape. Answers the parsed JSON (or the raw bytes of a binary answer); throws a
   * {@link CallFailed} after recording the failure.
   */
  async call<T = unknown>(name: RouteName, options: Call = {}): Promise<T> {
    const route = routes[name];
    let path = `/api/${route.service}${fillPath(route.path, options.params)}`;
    if (options.query) {
      path += `?${new URLSearchParams(
        Object.entries(options.query).map(([key, value]) => [key, String(value)]),
      )}`;
    }
    const expected = options.expect ?? successStatus(name);
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await this.#send(route.method, path, options);
    } catch (error) {
      const kind = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      this.#record(name, performance.now() - started, kind, (error as Error).message);
      throw new CallFailed(name, kind);
    }
    const elapsed = performance.now() - started;
    const problem = checkAnswer(name, expected, answer);
    if (problem) {
      const status = answer.status === expected ? `${answer.status} body` : String(answer.status);
      this.#record(name, elapsed, status, `${problem}: ${answer.body.toString('utf8', 0, 300)}`);
      throw new CallFailed(name, status);
    }
    this.#record(name, elapsed, null, '');
    const type = String(answer.headers['content-type'] ?? '');
    if (type.startsWith('application/json')) return JSON.parse(answer.body.toString('utf8')) as T;
    return answer.body as T;
  }

  #record(name: string, latency: number, error: string | null, detail: string) {
    if (!this.#recorder.isMeasuring) return;
    let record = this.#recorder.routes.get(name);
    if (!record) {
      record = { count: 0, latencies: [], errors: {} };
      this.#recorder.routes.set(name, record);
    }
    record.count += 1;
    record.latencies.push(latency);
    if (error) {
      record.errors[error] = (record.errors[error] ?? 0) + 1;
      if (this.#recorder.failures.length < 50) {
        this.#recorder.failures.push({ route: name, status: error, body: detail });
      }
    }
  }

  #send(method: string, path: string, options: Call): Promise<Answer> {
    const body =
      options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body), 'utf8');
    const headers: Record<string, string | number> = { 'x-forwarded-for': this.#address };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
    }
    return new Promise<Answer>((resolvePromise, reject) => {
      const outgoing = httpRequest(
        {
          agent: this.#agent,
          host: this.#base.hostname,
          port: this.#base.port,
          method,
          path,
          headers,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () =>
            resolvePromise({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      outgoing.setTimeout(requestTimeoutMs, () => {
        const timeout = new Error(`no answer within ${requestTimeoutMs} ms`);
        timeout.name = 'TimeoutError';
        outgoing.destroy(timeout);
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}

/** A call whose answer was not the expected one (already recorded). */
export class CallFailed extends Error {
  readonly route: string;
  readonly status: string;

  constructor(route: string, status: string) {
    super(`${route} answered ${status}`);
    this.name = 'CallFailed';
    this.route = route;
    this.status = status;
  }
}

/** What is wrong with an answer, or null: the status, then the body's shape. */
function checkAnswer(name: RouteName, expected: number, answer: Answer): string | null {
  if (answer.status !== expected) return `expected ${expected}`;
  const schema = (routes[name].response as Record<number, TSchema>)[expected];
  const type = String(answer.headers['content-type'] ?? '');
  if (expected === 204) return answer.body.length === 0 ? null : 'a body on a 204';
  if (type === 'application/pdf') {
    return answer.body.subarray(0, 5).toString('latin1') === '%PDF-' ? null : 'not a PDF';
  }
  if (!type.startsWith('application/json')) return `unexpected content type ${type}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return 'invalid JSON';
  }
  if (!schema) return `no schema for ${expected}`;
  return validatorOf(schema).Check(parsed) ? null : 'body does not match the contract';
}
