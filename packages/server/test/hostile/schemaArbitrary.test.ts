import { type RouteName, routes } from '@coach/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/app.ts';
import { contractRoute } from '../../src/http/contractRoute.ts';
import { encodeSegment } from './routeRequests.ts';
import { hostileArbitrary, type JsonSchema, validArbitrary } from './schemaArbitrary.ts';

// The generator against the server's own validation (the same Fastify, Ajv options and contract
// schemas, with handlers that only say "valid"): what it draws as valid passes for every route
// of the table, and much of what it breaks is refused, so the fuzzer reaches both sides.

type App = Awaited<ReturnType<typeof buildServer>>;
let app: App;

const names = (Object.keys(routes) as RouteName[]).filter(
  (name) => !('requestContentTypes' in routes[name]),
);

beforeAll(async () => {
  app = await buildServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: null,
    isFrontendCspStrict: true,
  });
  for (const name of names) {
    const route = routes[name];
    await app.register(
      async (scope) => {
        scope.route(
          contractRoute(name, {
            handler: async (_request, reply) => reply.status(204 as never).send(null as never),
          }),
        );
      },
      { prefix: `/validate/${route.service}` },
    );
  }
  await app.ready();
});
afterAll(() => app?.close());

/** Values drawn per route and test: the fuzzer draws many more, this checks their shape. */
const samplesPerRoute = 60;

type Drawn = { params: unknown; query: unknown; body: unknown };

function drawn(name: RouteName, pick: (schema: JsonSchema) => fc.Arbitrary<unknown>) {
  const route = routes[name] as { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema };
  return fc.record({
    params: route.params ? pick(route.params) : fc.constant({}),
    query: route.query ? pick(route.query) : fc.constant({}),
    body: route.body ? pick(route.body) : fc.constant(undefined),
  });
}

/** Sends the drawn parts to the route; 204 means the contract's validation let them through. */
async function validate(name: RouteName, { params, query, body }: Drawn): Promise<number> {
  const route = routes[name];
  const values = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, key: string) =>
    encodeSegment(String(values[key])),
  );
  const search = new URLSearchParams(
    Object.entries(typeof query === 'object' && query !== null ? query : { q: query }).map(
      ([key, value]) => [key, String(value)],
    ),
  );
  const response = await app.inject({
    method: route.method,
    url: `/validate/${route.service}${path}${search.size ? `?${search}` : ''}`,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return response.statusCode;
}

describe('the schema generator', () => {
  it('draws values every route of the table accepts', async () => {
    for (const name of names) {
      const samples = fc.sample(
        drawn(name, (schema) => validArbitrary(schema)),
        {
          numRuns: samplesPerRoute,
          seed: 14,
        },
      );
      for (const sample of samples) {
        const status = await validate(name, sample);
        expect.soft(status, `${name}: ${JSON.stringify(sample).slice(0, 400)}`).toBe(204);
      }
    }
  });

  it('breaks them so that they are refused on every route, most of them overall', async () => {
    let all = 0;
    let allRefused = 0;
    for (const name of names) {
      const route = routes[name] as { body?: unknown; params?: unknown; query?: unknown };
      if (!route.body && !route.params && !route.query) continue;
      const samples = fc.sample(
        drawn(name, (schema) => hostileArbitrary(schema)),
        {
          numRuns: samplesPerRoute,
          seed: 14,
        },
      );
      let refused = 0;
      for (const sample of samples) if ((await validate(name, sample)) === 400) refused += 1;
      // Some breaks are still valid (an extra field a schema lets pass, an optional field left
      // out: a query of optional fields mostly), but each route sees refusals.
      expect.soft(refused, name).toBeGreaterThan(samplesPerRoute / 20);
      all += samples.length;
      allRefused += refused;
    }
    expect(allRefused / all).toBeGreaterThan(0.5);
  });
});
