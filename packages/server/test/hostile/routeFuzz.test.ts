import { createHash } from 'node:crypto';
import { liveEventsContentType, type RouteName, routes } from '@coach/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../auth.ts';
import { testDatabaseKind } from '../database.ts';
import { thorough } from '../thorough.ts';
import { type HostileServer, people, startHostileServer } from './hostileServer.ts';
import { recordHostileResults } from './results.ts';
import { type HostileRequest, routeRequestArbitrary } from './routeRequests.ts';
import {
  changedTables,
  installWriteTracker,
  readWriteCounts,
  refusalRecordTables,
  type WriteCounts,
} from './writeTracker.ts';

// Every route of the contract under requests drawn from its own schemas, valid and broken
// (see routeRequests.ts): never a 5xx, every refusal a plain `{ error, message }` from the
// catalogue (testServer checks each one), nothing stored by a refused request, and the server
// still serving after each route. Requests go through `app.inject` (the same routing, parsing,
// validation and handlers, without sockets), plus a sample over real HTTP.
//
// HOSTILE_RUNS (cases per route through inject), HOSTILE_HTTP_RUNS (per route over HTTP) and
// HOSTILE_SEED size and fix the run. Each case runs the server's own queries, so the sample
// suits the command: `npm run test:unit` draws 40 + 4 per route, on PGlite; `npm run
// test:thorough` 150 + 10 per route on PostgreSQL and 40 + 4 on PGlite. What the cases reach is the
// same on both (the routes' validation, rules and SQL); the engine's own part (its driver, its
// text) is met by every route's sample there, and the depth once, on PostgreSQL: the same depth
// on PGlite took 256 s of a slow machine in CI beside the end-to-end runs. HOSTILE_RUNS=1000 is a
// deeper run still, on both (`npm run reliability -- hostile`).

const fullDepth = thorough && testDatabaseKind() === 'postgres';
const injectRuns = Number(process.env.HOSTILE_RUNS ?? (fullDepth ? 150 : 40));
const httpRuns = Number(process.env.HOSTILE_HTTP_RUNS ?? (fullDepth ? 10 : 4));
const baseSeed = Number(process.env.HOSTILE_SEED ?? 14);

/** What a refusal may write on some routes by design, beside `refusalRecordTables`. */
const refusalWritesByRoute: Partial<Record<RouteName, readonly string[]>> = {
  // A rotated refresh token coming back after its grace period ends its whole session.
  refresh: ['refresh_tokens'],
  // A reset request does its work (the code and its mail) after the answer, so that timing tells
  // no known address from an unknown one: an earlier accepted request's mail may land during a
  // refused one.
  requestPasswordReset: ['mail_outbox'],
  // The wrong guess that uses up a code's last try voids it and mails its owner (refused, by
  // design).
  verifyResetCode: ['mail_outbox'],
  resetPassword: ['mail_outbox'],
  // Wrong authenticator codes from a browser the account does not know mail the owner a notice
  // at the 3rd, 10th, 20th and 30th (issue 64); the outbox marks it sent during the next calls.
  confirmSecondFactor: ['mail_outbox'],
  completeSecondStep: ['mail_outbox'],
  confirmSecondFactorWithPasskey: ['mail_outbox'],
  completeSecondStepWithPasskey: ['mail_outbox'],
  secondFactorPasskeyOptions: ['mail_outbox'],
  secondStepPasskeyOptions: ['mail_outbox'],
};

/** Routes that end the session of their bearer: each call gets a session of its own. */
const sessionEnding: readonly RouteName[] = ['logout'];

type Answer = { status: number; body: unknown; text: string };

type RouteFigures = {
  cases: number;
  viaHttp: number;
  /** Cases whose every part was drawn valid by the contract. */
  drawnValid: number;
  /** Answers by status. */
  statuses: Record<string, number>;
};

let hostile: HostileServer;
let counts: WriteCounts;
const figures: Partial<Record<RouteName, RouteFigures>> = {};
/** When the callers' tokens were signed: an access token lives 15 minutes at most. */
let tokensSignedAt = 0;

// Seeding renders a report (a PDF in a worker): on two busy cores that alone can take a minute.
beforeAll(async () => {
  tokensSignedAt = Date.now();
  hostile = await startHostileServer();
  await installWriteTracker(hostile.server.database);
  counts = await readWriteCounts(hostile.server.database);
}, 180_000);

afterAll(async () => {
  const all = Object.values(figures);
  await recordHostileResults('routes', {
    seed: baseSeed,
    routes: Object.keys(figures).length,
    cases: all.reduce((sum, route) => sum + route.cases, 0),
    viaHttp: all.reduce((sum, route) => sum + route.viaHttp, 0),
    byRoute: figures,
  });
  await hostile?.server.close();
});

async function authorizationOf(name: RouteName, request: HostileRequest): Promise<string | null> {
  const { caller } = request;
  if (caller.kind === 'anonymous') return null;
  if (caller.kind === 'hostile') return caller.authorization;
  const token = sessionEnding.includes(name)
    ? await signInForTest(hostile.server, hostile.users[caller.person].userId)
    : hostile.tokens[caller.person];
  return `Bearer ${token}`;
}

async function send(
  request: HostileRequest,
  authorization: string | null,
  viaHttp: boolean,
): Promise<Answer> {
  const headers = { ...request.headers, ...(authorization ? { authorization } : {}) };
  if (viaHttp) {
    const closing = new AbortController();
    const response = await fetch(`${hostile.server.baseUrl}${request.url}`, {
      method: request.method,
      headers,
      // fetch sends no body with a GET (inject does, and the server must cope).
      ...(request.payload && request.method !== 'GET'
        ? { body: new Uint8Array(request.payload) }
        : {}),
      signal: closing.signal,
    });
    if (isOpenStream(response.status, response.headers.get('content-type'))) {
      closing.abort();
      return { status: response.status, body: undefined, text: '(an event stream, opened)' };
    }
    const text = await response.text();
    return { status: response.status, body: parseJson(text), text };
  }
  // As a stream, so that an event stream's answer (which never ends) is read no further than its
  // headers; the stream stays open until the server closes (at most the per-coach cap of them).
  const response = await hostile.server.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    remoteAddress: request.remoteAddress,
    payloadAsStream: true,
    ...(request.payload ? { payload: request.payload } : {}),
  });
  const body = response.stream();
  if (isOpenStream(response.statusCode, response.headers['content-type'])) {
    body.destroy();
    return { status: response.statusCode, body: undefined, text: '(an event stream, opened)' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString('utf8');
  return { status: response.statusCode, body: parseJson(text), text };
}

/** Whether an answer is an event stream that opened (the live events route, signed in). */
function isOpenStream(status: number, contentType: unknown): boolean {
  return status < 300 && String(contentType ?? '').startsWith(liveEventsContentType);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The property of one case: see the top of the file. */
async function check(name: RouteName, request: HostileRequest, viaHttp: boolean): Promise<void> {
  const authorization = await authorizationOf(name, request);
  // A session made for this call is the test's write, not the request's.
  if (sessionEnding.includes(name)) counts = await readWriteCounts(hostile.server.database);
  const answer = await send(request, authorization, viaHttp);
  const where =
    `${name}: ${request.method} ${request.url.slice(0, 300)} (${request.caller.kind}` +
    `${request.caller.kind === 'person' ? ` ${request.caller.person}` : ''}) answered ` +
    `${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  const after = await readWriteCounts(hostile.server.database);
  if (answer.status >= 400) {
    expect(answer.body, where).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(
      changedTables(counts, after, [...refusalRecordTables, ...(refusalWritesByRoute[name] ?? [])]),
      `stored by a refusal: ${where}`,
    ).toEqual([]);
  }
  counts = after;
  const routeFigures = figures[name] ?? { cases: 0, viaHttp: 0, drawnValid: 0, statuses: {} };
  figures[name] = routeFigures;
  routeFigures.cases += 1;
  if (viaHttp) routeFigures.viaHttp += 1;
  if (request.isValid) routeFigures.drawnValid += 1;
  routeFigures.statuses[answer.status] = (routeFigures.statuses[answer.status] ?? 0) + 1;
}

/**
 * A deep run on a busy machine outlasts the callers' tokens (1,000 cases a route on both databases
 * took 18 minutes on two shared cores, and every signed-in case after the 15th minute answered
 * 401): tokens older than 5 minutes are renewed before a route, whose test takes 5 more at most.
 */
async function renewOldTokens(): Promise<void> {
  if (Date.now() - tokensSignedAt < 5 * 60_000) return;
  tokensSignedAt = Date.now();
  for (const person of people) {
    hostile.tokens[person] = await signInForTest(hostile.server, hostile.users[person].userId);
  }
  // The sessions made are the test's writes, not a request's.
  counts = await readWriteCounts(hostile.server.database);
}

/** A seed per route, so a new route does not change the cases of the others. */
function seedOf(name: RouteName): number {
  return baseSeed ^ createHash('sha256').update(name).digest().readUInt32BE(0);
}

describe('every route under hostile input', () => {
  for (const name of Object.keys(routes) as RouteName[]) {
    const route = routes[name];
    it(`${name} (${route.method} /api/${route.service}${route.path}): never a 5xx, refusals store nothing`, async () => {
      await renewOldTokens();
      const requests = routeRequestArbitrary(name, {
        hints: hostile.hints,
        people,
        hostileAuthorizations: hostile.hostileAuthorizations,
      });
      const seed = seedOf(name);
      await fc.assert(
        fc.asyncProperty(requests, (request) => check(name, request, false)),
        { numRuns: injectRuns, seed },
      );
      await fc.assert(
        fc.asyncProperty(requests, (request) => check(name, request, true)),
        { numRuns: httpRuns, seed: seed + 1 },
      );
      // Still serving: health, and a signed-in call.
      const health = await fetch(`${hostile.server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      const session = await fetch(`${hostile.server.baseUrl}/api/auth/session/current`, {
        headers: { authorization: `Bearer ${hostile.tokens.coachA}` },
      });
      expect(session.status).toBe(200);
    }, 300_000);
  }
});

describe('addresses the router cannot read', () => {
  it("answer the API's 400 without echoing the address, with the usual headers", async () => {
    const { clientC } = hostile.users;
    for (const path of [
      '/api/journey/clients/%zz/journey',
      '/api/account/persons/%C0%AE',
      `/api/journey/clients/${'9'.repeat(200)}/journey`,
      `/api/exercise/clients/${clientC.personId}/exercises/%E0%A4%A`,
    ]) {
      const response = await fetch(`${hostile.server.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${hostile.tokens.coachA}` },
      });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        error: 'bad_request',
        message: 'The request address is not valid',
      });
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
