import {
  compareNewestFirst,
  decodePageCursor,
  encodePageCursor,
  messages,
  pageNewestFirst,
  signInFactorMessages,
} from '@coach/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Person } from '../contract/account.ts';
import {
  type ApiErrorBody,
  errorStatuses,
  type ServerErrorCode,
} from '../contract/errorCatalogue.ts';
import { type RouteDefinition, type RouteName, routes } from '../contract/routes.ts';
import { routesOpenToEnrolment } from '../contract/signInFactors.ts';
import { validationFailureMessage } from '../contract/validationMessages.ts';
import type { ServiceBaseUrls } from '../services.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { isEnrolOnlyCaller } from './signInFactorStore.ts';
import { createMockState, type MockState } from './state.ts';

/** The calls a session that may only enrol a second factor may make (REQUIRE_MFA). */
const enrolmentRoutes: ReadonlySet<RouteName> = new Set<RouteName>(routesOpenToEnrolment);

// The machinery every mock handler shares: one MSW handler per contract route.

/**
 * A failure a story forces on a route: a code of the catalogue with its status, and the seconds
 * of its `Retry-After` when it has one (a quota's 429).
 */
type MockFailure = ApiErrorBody & {
  status: number;
  error: ServerErrorCode;
  retryAfterSeconds?: number;
};

/** Options shared by every handler factory. */
export type MockHandlerOptions = {
  /** The data to serve and change; share one between factories. A fresh fixture copy by default. */
  state?: MockState;
  /** Base address of each service; by default any origin, `*\/api/<service>`. */
  baseURLs?: Partial<ServiceBaseUrls>;
  /** Answer these calls with an error instead (e.g. `{ updatePerson: { status: 500, ... } }`). */
  failures?: Partial<Record<RouteName, MockFailure>>;
  /**
   * Every list answers empty, as for a new coach: no clients, pending invites, reflections,
   * assessments, exercises, activity or calendar events (the series keeps its dates, with nulls
   * and zeros).
   */
  emptyLists?: boolean;
  /** Every call authenticates as this user id, whatever its token (stories without sign-in). */
  authenticateAs?: string;
  /** Milliseconds to wait before each answer (loading states). */
  delayMs?: number;
  /**
   * Milliseconds to wait before answering these calls, or 'forever' to never answer (a section's
   * loading state while the rest of the screen has loaded).
   */
  delays?: Partial<Record<RouteName, number | 'forever'>>;
  /**
   * The mock's clock for what expires (signed picture URLs); the runtime's by default, which
   * stories fix. The fixtures' figures keep their own `mockNow`.
   */
  now?: () => Date;
};

/** What a route's handler checks besides the contract's schemas. */
export type RouteChecks = {
  /** Whether to check the query with the route's schema (true by default). */
  query?: boolean;
  /** Whether a request needs no bearer token on a route that wants one (a signed picture URL). */
  isAnonymousAllowed?: (request: Request) => boolean;
};

/** What a route's resolver gets: the request checked against the contract. */
export type MockRequestContext = {
  request: Request;
  params: Record<string, string>;
  /** The query, converted and checked with the route's query schema. */
  query: Record<string, unknown>;
  userId: string | undefined;
  body: unknown;
};

/** Answers one checked request. */
export type MockResolver = (context: MockRequestContext) => Response | Promise<Response>;

/** An error answer with the contract's error body (and `Retry-After` when given). */
export function errorResponse(
  status: number,
  code: ServerErrorCode,
  message: string,
  retryAfterSeconds?: number,
): Response {
  // The mocks answer like the server: a code of the catalogue, with the catalogue's status.
  if (errorStatuses[code] !== status) {
    throw new Error(`MSW: ${code} comes with ${errorStatuses[code]}, not ${status}`);
  }
  const answer = HttpResponse.json({ error: code, message } satisfies ApiErrorBody, { status });
  if (retryAfterSeconds !== undefined) answer.headers.set('Retry-After', `${retryAfterSeconds}`);
  return answer;
}

/** The refusal of a request part off its schema, worded as the server words it. */
function validate(
  schema: TSchema | undefined,
  value: unknown,
  context: string,
): Response | undefined {
  if (!schema || Value.Check(schema, value)) return undefined;
  const message = validationFailureMessage([...Value.Errors(schema, value)], value, context);
  return errorResponse(400, 'validation_failed', message);
}

/** The bearer token of a request, if any. */
export function bearer(request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

function wait(delay: number | 'forever' | undefined): Promise<void> {
  if (delay === 'forever') return new Promise<void>(() => {});
  if (!delay) return Promise.resolve();
  return new Promise<void>((resolve) => setTimeout(resolve, delay));
}

/**
 * Builds the MSW handler of one contract route: delays, failures, auth, and validation of the
 * path parameters, query (converted as the server does; checked unless `checks.query` is false)
 * and body with the contract's schemas.
 */
function createRouteHandler(
  name: RouteName,
  options: MockHandlerOptions & { state: MockState },
  resolve: MockResolver,
  checks: RouteChecks = {},
): HttpHandler {
  const route: RouteDefinition = routes[name];
  const base = options.baseURLs?.[route.service] ?? `*/api/${route.service}`;
  const method = route.method.toLowerCase() as Lowercase<RouteDefinition['method']>;
  return http[method](`${base.replace(/\/+$/, '')}${route.path}`, async ({ request, params }) => {
    await wait(options.delayMs);
    await wait(options.delays?.[name]);
    const failure = options.failures?.[name];
    if (failure) {
      const { status, error, message, retryAfterSeconds } = failure;
      return errorResponse(status, error, message, retryAfterSeconds);
    }
    const token = bearer(request);
    const userId = options.authenticateAs ?? (token && options.state.accessTokens.get(token));
    if (route.auth && !userId && !checks.isAnonymousAllowed?.(request)) {
      // As the server: no token at all is 'unauthorized', one of a session signed out or one it
      // never issued 'invalid_token', each with its own words.
      if (!token) return errorResponse(401, 'unauthorized', messages.unauthorized);
      return options.state.endedAccessTokens.has(token)
        ? errorResponse(401, 'invalid_token', messages.sessionEnded)
        : errorResponse(401, 'invalid_token', messages.invalidAccessToken);
    }
    if (
      route.auth &&
      userId &&
      !enrolmentRoutes.has(name) &&
      isEnrolOnlyCaller(options.state, userId)
    ) {
      return errorResponse(
        403,
        'second_factor_enrolment_required',
        signInFactorMessages.secondFactorEnrolmentRequired,
      );
    }
    const pathParams = Object.fromEntries(
      Object.entries(params).map(([key, value]) => [key, String(value)]),
    );
    const invalidParams = validate(route.params, pathParams, 'params');
    if (invalidParams) return invalidParams;
    let query: Record<string, unknown> = {};
    if (route.query) {
      const raw = Object.fromEntries(new URL(request.url).searchParams);
      query = Value.Convert(route.query, raw) as Record<string, unknown>;
      const invalidQuery =
        checks.query === false ? undefined : validate(route.query, query, 'querystring');
      if (invalidQuery) return invalidQuery;
    }
    let body: unknown;
    if (route.body) {
      try {
        body = await request.json();
      } catch {
        return errorResponse(400, 'invalid_json', 'The request body is not valid JSON');
      }
      const invalidBody = validate(route.body, body, 'body');
      if (invalidBody) return invalidBody;
    }
    return resolve({ request, params: pathParams, query, userId: userId || undefined, body });
  });
}

/** The options with a state: the given one, or a fresh fixture copy. */
export function withState<T extends MockHandlerOptions>(options: T): T & { state: MockState } {
  return { ...options, state: options.state ?? createMockState() };
}

/**
 * What a service's handler factory starts from: the state its handlers share (the given one, or a
 * fresh fixture copy), the clock, and `handle(name, resolve, checks?)`, which builds the handler of
 * one contract route (the route's checks on top of the service's).
 */
export function mockService(
  options: MockHandlerOptions,
  checks: RouteChecks = {},
): {
  state: MockState;
  now: () => Date;
  handle: (name: RouteName, resolve: MockResolver, routeChecks?: RouteChecks) => HttpHandler;
} {
  const context = withState(options);
  return {
    state: context.state,
    now: options.now ?? (() => new Date()),
    handle: (name, resolve, routeChecks) =>
      createRouteHandler(name, context, resolve, { ...checks, ...routeChecks }),
  };
}

/** The signed-in caller's profile, if any. */
export const callerOf = (state: MockState, userId: string | undefined): Person | undefined =>
  state.persons.find((person) => person.userId === userId);

/** The client of a path and the caller: their coach, or (when asked) the client themselves. */
export type ClientAccess = { caller: Person; record: MockClientRecord; side: 'coach' | 'client' };

/**
 * The client `clientId` when the caller is their coach, or the client themselves when `orClient`;
 * the one 404 'Client not found' to anyone else, as the server answers.
 */
export function clientAccess(
  state: MockState,
  userId: string | undefined,
  clientId: string | undefined,
  orClient = false,
): ClientAccess | Response {
  const caller = callerOf(state, userId);
  const record = state.clients.find((client) => client.person.id === clientId?.toLowerCase());
  if (caller && record && caller.type === 'coach' && record.person.coachId === caller.id) {
    return { caller, record, side: 'coach' };
  }
  if (caller && record && orClient && caller.id === record.person.id) {
    return { caller, record, side: 'client' };
  }
  return errorResponse(404, 'not_found', messages.clientNotFound);
}

/**
 * One page of `items` newest first after the query's cursor, as the server pages (the domain's
 * keys: the instant to the microsecond, then the id; its cursor), or the 400 of a cursor that is
 * none.
 */
export function newestFirstPage<T>(
  items: readonly T[],
  keyOf: (item: T) => { at: string; id: string },
  query: Record<string, unknown>,
  pageMax: number,
): { items: T[]; nextCursor: string | null } | Response {
  const { limit = pageMax, before } = query as { limit?: number; before?: string };
  const cursor = before === undefined ? null : decodePageCursor(before);
  if (before !== undefined && cursor === null) {
    return errorResponse(400, 'invalid_request', messages.invalidCursor);
  }
  const keyed = items.map((item) => {
    const { at, id } = keyOf(item);
    return { at: `${new Date(at).toISOString().slice(0, 23)}000Z`, id: id.toLowerCase(), item };
  });
  const after = cursor ? keyed.filter((key) => compareNewestFirst(key, cursor) > 0) : keyed;
  const page = pageNewestFirst([after], limit);
  return {
    items: page.items.map((key) => key.item),
    nextCursor: page.next && encodePageCursor(page.next),
  };
}

/**
 * When a new item of a list is written: now, or a millisecond after the list's newest when the
 * clock stands still (the stories' fixed clock), so that the list keeps the order of writing.
 */
export const nextInstant = (instants: readonly string[], now: Date): string =>
  new Date(Math.max(now.getTime(), ...instants.map((at) => Date.parse(at) + 1))).toISOString();
