import { defaultBodyLimit, type RouteDefinition, type RouteName, routes } from '@coach/api';
import fc from 'fast-check';
import { makeExtendedWebp, makeJpeg, makePng, makeWebp } from '../images.ts';
import type { Person } from './hostileServer.ts';
import {
  hostileArbitrary,
  type JsonSchema,
  type SchemaHints,
  validArbitrary,
} from './schemaArbitrary.ts';

// One request of a route of the contract, drawn from its schemas: each part (path parameters,
// query, body, caller) is either valid or hostile, so some requests reach the handler and the
// others probe every refusal on the way.

/** Who the request claims to be. */
type Caller =
  | { kind: 'person'; person: Person }
  | { kind: 'anonymous' }
  | { kind: 'hostile'; authorization: string };

/** A request as `app.inject` and `fetch` take it (the bearer resolved when it is sent). */
export type HostileRequest = {
  method: string;
  /** Path and query, under `/api/<service>`. */
  url: string;
  caller: Caller;
  headers: Record<string, string>;
  payload?: Buffer;
  remoteAddress: string;
  /** Every part was drawn valid by the contract. */
  isValid: boolean;
};

type Part<T> = { isValid: boolean; value: T };

/** Chance that a part is drawn valid: most requests break one thing or more. */
const validWeight = 2;
const hostileWeight = 1;

function part(schema: JsonSchema, hints: SchemaHints): fc.Arbitrary<Part<unknown>> {
  return fc.oneof(
    {
      weight: validWeight,
      arbitrary: validArbitrary(schema, hints).map((value) => ({ isValid: true, value })),
    },
    {
      weight: hostileWeight,
      arbitrary: hostileArbitrary(schema, hints).map((value) => ({ isValid: false, value })),
    },
  );
}

/** Path segments that are not one parameter's text: traversal, bad escapes, encoded NUL. */
const rawPathSegments = ['..%2F..%2Fetc%2Fpasswd', '%00', '%zz', '%2e%2e', '%C0%AE', '.', '..'];

/** Query strings no schema describes: bad escapes, repeated and bracketed keys, a long key. */
const rawQueries = [
  '%zz=1',
  'from=2026-03-01&from=2026-03-02',
  'from[]=2026-03-01',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  '&&&=&=',
  `${'a'.repeat(3000)}=1`,
  'limit=1&limit=2&limit=3',
];

/** Bodies that are not JSON, or are JSON no parser should take. */
const rawJsonBodies = [
  '',
  '{',
  '{"a":',
  'null',
  '"just a string"',
  '[]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '\u0000',
  '\uFEFF{}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
  '{"a":1,"a":2}',
  '{"email":"\\ud800"}',
  '{"n":1e999}',
];

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16le',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'image/svg+xml',
  '*/*',
  '',
];

/** What a body of a JSON route can be: its schema's value, or bytes no schema describes. */
function jsonBody(
  schema: JsonSchema | undefined,
  hints: SchemaHints,
  bodyLimit: number,
): fc.Arbitrary<Part<{ payload?: Buffer; contentType?: string }>> {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null');
  const hostileRaw: fc.Arbitrary<Part<{ payload?: Buffer; contentType?: string }>> = fc.oneof(
    fc.record({
      isValid: fc.constant(false),
      value: fc.record({
        payload: fc.constantFrom(...rawJsonBodies.map((text) => Buffer.from(text))),
        contentType: fc.constant('application/json'),
      }),
    }),
    fc.record({
      isValid: fc.constant(false),
      value: fc.record({
        payload: (schema ? validArbitrary(schema, hints) : fc.constant({})).map(json),
        contentType: fc.constantFrom(...contentTypes.slice(2)),
      }),
    }),
    // One byte over the route's limit, and far over it.
    fc.constantFrom(
      ...[bodyLimit + 1, bodyLimit * 4].map((size) => ({
        isValid: false,
        value: { payload: Buffer.alloc(size, 0x20), contentType: 'application/json' },
      })),
    ),
  );
  if (!schema) {
    // A route without a body: mostly none, sometimes one anyway.
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ isValid: true, value: {} }) },
      { weight: 1, arbitrary: hostileRaw },
    );
  }
  return fc.oneof(
    {
      weight: 5,
      arbitrary: part(schema, hints).map(({ isValid, value }) => ({
        isValid,
        value: { payload: json(value), contentType: 'application/json' },
      })),
    },
    { weight: 1, arbitrary: hostileRaw },
  );
}

/** A picture upload: real images, and files that only pretend to be one. */
function pictureBody(): fc.Arbitrary<Part<{ payload?: Buffer; contentType?: string }>> {
  const png = makePng();
  const images = [png, makeJpeg(), makeWebp(), makePng(64, 64)];
  const hostile = [
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    ),
    Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]),
    Buffer.concat([makeJpeg(), Buffer.from('PK\u0003\u0004', 'latin1')]),
    Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'),
    makePng(100_000, 100_000),
    makePng(8001, 1),
    makeJpeg(65_535, 65_535),
    makeExtendedWebp(16_384, 16_384),
    png.subarray(0, 30),
    Buffer.alloc(0),
  ];
  const multipart = (bytes: Buffer, field: string, type: string) =>
    Buffer.concat([
      Buffer.from(
        `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n--x--\r\n'),
    ]);
  const types = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/html', ''];
  return fc.oneof(
    fc.record({
      isValid: fc.constant(true),
      value: fc.record({
        payload: fc.constantFrom(...images),
        contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream'),
      }),
    }),
    fc.record({
      isValid: fc.constant(false),
      value: fc.record({
        payload: fc.oneof(
          fc.constantFrom(...hostile),
          fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
        ),
        contentType: fc.constantFrom(...types),
      }),
    }),
    fc
      .tuple(
        fc.constantFrom(...images, ...hostile),
        fc.constantFrom('file', 'picture', ''),
        fc.constantFrom(...types),
      )
      .map(([bytes, field, type]) => ({
        isValid: field === 'file' && images.includes(bytes),
        value: {
          payload: multipart(bytes, field, type),
          contentType: 'multipart/form-data; boundary=x',
        },
      })),
  );
}

/** The path with its `:name` parameters filled from a drawn value (any value: it is text). */
function fillPath(path: string, params: unknown, raw: string | null): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (raw !== null) return raw;
    const value =
      typeof params === 'object' && params !== null
        ? (params as Record<string, unknown>)[name]
        : params;
    return encodeSegment(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  });
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is sent as the bytes of
 * its code unit (invalid UTF-8), as a hostile client can.
 */
export function encodeSegment(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g,
    (part) => {
      const unit = part.charCodeAt(0);
      if (part.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(part);
    },
  );
}

/** The query string of a drawn value: strings as they are, arrays repeated, the rest as JSON. */
function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    return `q=${encodeURIComponent(JSON.stringify(query) ?? '')}`;
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      search.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  return search.toString();
}

const callerArbitrary = (authorizations: readonly string[], people: readonly Person[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(...people).map((person): Caller => ({ kind: 'person', person })),
    },
    { weight: 1, arbitrary: fc.constant<Caller>({ kind: 'anonymous' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...authorizations)
        .map((authorization): Caller => ({ kind: 'hostile', authorization })),
    },
  );

/** Client addresses: mostly spread (rate limits by address), sometimes all the same. */
const remoteAddressArbitrary = fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.ipV6());

/** Requests of one route of the contract. */
export function routeRequestArbitrary(
  name: RouteName,
  options: {
    hints: SchemaHints;
    people: readonly Person[];
    hostileAuthorizations: readonly string[];
  },
): fc.Arbitrary<HostileRequest> {
  const route: RouteDefinition = routes[name];
  const { hints } = options;
  const params: fc.Arbitrary<Part<unknown>> = route.params
    ? part(route.params as JsonSchema, hints)
    : fc.constant({ isValid: true, value: {} });
  const rawSegment = fc.oneof(
    { weight: 9, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...rawPathSegments) },
  );
  const query: fc.Arbitrary<Part<string>> = fc.oneof(
    {
      weight: 6,
      arbitrary: (route.query
        ? part(route.query as JsonSchema, hints)
        : fc.constant({ isValid: true, value: {} })
      ).map(({ isValid, value }) => ({ isValid, value: queryString(value) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...rawQueries).map((value) => ({ isValid: false, value })),
    },
  );
  const body = route.requestContentTypes
    ? pictureBody()
    : jsonBody(route.body as JsonSchema | undefined, hints, route.bodyLimit ?? defaultBodyLimit);
  return fc
    .record({
      params,
      rawSegment,
      query,
      body,
      caller: callerArbitrary(options.hostileAuthorizations, options.people),
      remoteAddress: remoteAddressArbitrary,
      forwardedFor: fc.option(fc.ipV4(), { freq: 4 }),
    })
    .map(({ params, rawSegment, query, body, caller, remoteAddress, forwardedFor }) => {
      const path = fillPath(route.path, params.value, rawSegment);
      const headers: Record<string, string> = {};
      if (body.value.contentType) headers['content-type'] = body.value.contentType;
      // Not trusted (no TRUST_PROXY): it must change nothing.
      if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
      return {
        method: route.method,
        url: `/api/${route.service}${path}${query.value ? `?${query.value}` : ''}`,
        caller,
        headers,
        ...(body.value.payload ? { payload: body.value.payload } : {}),
        remoteAddress,
        isValid:
          params.isValid &&
          rawSegment === null &&
          query.isValid &&
          body.isValid &&
          caller.kind !== 'hostile',
      };
    });
}
