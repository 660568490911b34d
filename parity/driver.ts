import { type RouteName, routeCalls, routes } from '@coach/api';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

// One way to call either backend: by the contract's route name, the same request on both sides.
// Every answer is checked against the route table's response schemas on the way back, so a
// status the route does not declare, or a body off its schema, fails the scenario on that side.

/** One call by route name: path parameters, query, JSON body and the caller's access token. */
export type CallOptions = {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
};

/** An answer as the scenarios read it: the status, the parsed JSON body (or null) and the type. */
export type Answer = { status: number; body: unknown; contentType: string };

/** The people both backends hold, named as the mocks' fixture table names them. */
export type ParityPeople = {
  coach: ParityPerson;
  /** Clients of the coach by fixture name (`noah`, `aiko`...). */
  clients: Record<string, ParityPerson>;
};

/** One person of both backends: their ids on that backend and how they sign in. */
export type ParityPerson = { personId: string; userId: string; email: string; password: string };

/** What a scenario drives: the backend's calls, and the link token an invite mail carries. */
export type ParityDriver = {
  /** 'mocks' or 'server', for the failure messages. */
  side: string;
  people: ParityPeople;
  call(route: RouteName, options?: CallOptions): Promise<Answer>;
  /** The token of the newest invite link sent to `email` (the server mails it, the mocks keep it). */
  inviteToken(email: string): Promise<string>;
  /**
   * Brings the attention episodes up to date at the services' clock: one tick of the server's
   * sweep, or of the mocks' (which also sweep the coach's episodes when a client's are read).
   */
  sweepEpisodes(): Promise<void>;
  close(): Promise<void>;
};

/** The request of a call on a backend at `origin` (services under `/api/<service>`). */
export function requestOf(origin: string, route: RouteName, options: CallOptions = {}): Request {
  const { service, method, path } = routeCalls[route];
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(options.params?.[name] ?? ''),
  );
  const url = new URL(`${origin}/api/${service}${filled}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    url.searchParams.set(key, String(value));
  }
  const headers = new Headers();
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  return new Request(url, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

/**
 * Reads an answer and checks it against the contract: the status is one the route declares and a
 * JSON body fits that status's schema. Throws (failing the scenario) otherwise.
 */
export async function contractAnswer(
  side: string,
  route: RouteName,
  response: Response,
): Promise<Answer> {
  const contentType = response.headers.get('content-type') ?? '';
  const isJson = contentType.includes('application/json');
  const text = isJson ? await response.text() : '';
  if (!isJson) await response.arrayBuffer();
  const body: unknown = text ? JSON.parse(text) : null;
  const declared = routes[route].response as Record<number, TSchema | undefined>;
  const schema = declared[response.status];
  if (!schema) {
    throw new Error(`${side}: ${route} answered ${response.status}, a status it does not declare`);
  }
  if (isJson && !Value.Check(schema, body)) {
    const [first] = Value.Errors(schema, body);
    throw new Error(
      `${side}: ${route} ${response.status} body is off the contract at ` +
        `${first?.instancePath ?? '?'}: ${first?.message ?? ''}\n${text.slice(0, 500)}`,
    );
  }
  return { status: response.status, body, contentType: contentType.split(';')[0] ?? '' };
}
