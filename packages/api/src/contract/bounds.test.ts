import { dateBoundsPattern } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { textPattern } from './fieldSchemas.ts';
import type { RouteDefinition } from './routeDefinition.ts';
import { routes } from './routes.ts';

// Every schema of the route table is walked. Where the server validates (params, query, body),
// an unbounded array, string or record would let one request cost the server seconds; in the
// answers, the bounds document what a client may rely on.

type Schema = Record<string, unknown>;

/** Formats whose value has a fixed length: they bound the string without a maxLength. */
const fixedLengthFormats = ['uuid', 'date'];

/**
 * Answer lists that grow with stored data and that the server does not cut: a coach's clients,
 * a client's items over a date range of up to 366 days (an extra exercise or assessment a day has
 * no upper count). A maxItems there would document a limit nobody enforces.
 */
const openAnswerLists = new Set([
  'listUsers 200',
  'listPersons 200',
  'listClientSummaries 200.clients',
  'listUnreadCounts 200.clients',
  'getCalendar 200.events',
  'listReflections 200.reflections',
  'listAssessments 200.assessments',
  'listExercises 200.exercises',
]);

const textPatternEnd = textPattern().slice(1);

function typesOf(schema: Schema): unknown[] {
  return [schema.type].flat();
}

function isFixed(schema: Schema): boolean {
  return 'const' in schema || Array.isArray(schema.enum);
}

function isBoundedString(schema: Schema, side: 'request' | 'answer'): boolean {
  if (typeof schema.maxLength === 'number' || isFixed(schema)) return true;
  const format = schema.format;
  // The server writes date-times with toISOString (24 characters); a client's may carry any
  // number of fraction digits, so a request's needs its own maxLength.
  if (format === 'date-time') return side === 'answer';
  // Binary bodies and answers are bytes, bounded by the route's byte limit (pictures: 7 MB).
  return format === 'binary' || fixedLengthFormats.includes(String(format));
}

/** A request string holds to the text rule, or to a stricter format, pattern or value list. */
function holdsTextRule(schema: Schema): boolean {
  if (isFixed(schema) || typeof schema.format === 'string') return true;
  return typeof schema.pattern === 'string';
}

/** The problems of a schema and everything under it; `where` names the route and JSON path. */
function problemsOf(schema: unknown, where: string, side: 'request' | 'answer'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Schema;
  const problems: string[] = [];
  const types = typesOf(node);
  if (types.includes('string')) {
    if (!isBoundedString(node, side)) problems.push(`${where}: string without maxLength`);
    if (side === 'request' && !holdsTextRule(node)) {
      problems.push(`${where}: request string without the text rule (FreeTextSchema)`);
    }
    // PostgreSQL has no year 0: a request's date out of the product's years was a 500.
    const isDate = node.format === 'date' || node.format === 'date-time';
    if (side === 'request' && isDate && node.pattern !== dateBoundsPattern) {
      problems.push(`${where}: request date without the date bounds (DateSchema, DateTimeSchema)`);
    }
  }
  if (types.includes('array') && typeof node.maxItems !== 'number') {
    if (!(side === 'answer' && openAnswerLists.has(where))) {
      problems.push(`${where}: array without maxItems`);
    }
  }
  const isRecord =
    node.patternProperties !== undefined ||
    (typeof node.additionalProperties === 'object' && node.additionalProperties !== null);
  if (side === 'request' && isRecord) {
    if (typeof node.maxProperties !== 'number')
      problems.push(`${where}: record without maxProperties`);
    const names = node.propertyNames as Schema | undefined;
    if (typeof names?.maxLength !== 'number')
      problems.push(`${where}: record keys without maxLength`);
    if (!names || !holdsTextRule(names))
      problems.push(`${where}: record keys without the text rule`);
  }
  for (const [name, child] of Object.entries((node.properties as Schema | undefined) ?? {})) {
    problems.push(...problemsOf(child, `${where}.${name}`, side));
  }
  for (const child of Object.values((node.patternProperties as Schema | undefined) ?? {})) {
    problems.push(...problemsOf(child, `${where}.*`, side));
  }
  if (typeof node.additionalProperties === 'object') {
    problems.push(...problemsOf(node.additionalProperties, `${where}.*`, side));
  }
  problems.push(...problemsOf(node.items, `${where}[]`, side));
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const child of (node[keyword] as unknown[] | undefined) ?? []) {
      problems.push(...problemsOf(child, where, side));
    }
  }
  return problems;
}

function routeProblems(name: string, route: RouteDefinition): string[] {
  const problems = [
    ...problemsOf(route.params, `${name} params`, 'request'),
    ...problemsOf(route.query, `${name} query`, 'request'),
    ...problemsOf(route.body, `${name} body`, 'request'),
  ];
  for (const [status, schema] of Object.entries(route.response)) {
    problems.push(...problemsOf(schema, `${name} ${status}`, 'answer'));
  }
  return problems;
}

describe('the bounds of the contract', () => {
  it('bounds every array, string and record of every route', () => {
    const problems = Object.entries(routes as Record<string, RouteDefinition>).flatMap(
      ([name, route]) => routeProblems(name, route),
    );
    expect(problems).toEqual([]);
  });

  it('fails on an unbounded array or string, naming the route and the path', () => {
    const route = {
      ...routes.postDeviceMetrics,
      body: {
        type: 'object',
        properties: { samples: { type: 'array', items: { type: 'string' } } },
      },
    } as unknown as RouteDefinition;
    expect(routeProblems('example', route)).toEqual([
      'example body.samples: array without maxItems',
      'example body.samples[]: string without maxLength',
      'example body.samples[]: request string without the text rule (FreeTextSchema)',
    ]);
  });

  it('fails on a request date or date-time without the date bounds, naming the path', () => {
    const route = {
      ...routes.postDeviceMetrics,
      body: {
        type: 'object',
        properties: {
          day: { type: 'string', format: 'date' },
          at: { anyOf: [{ type: 'string', format: 'date-time', maxLength: 64 }, { type: 'null' }] },
        },
      },
    } as unknown as RouteDefinition;
    expect(routeProblems('example', route)).toEqual([
      'example body.day: request date without the date bounds (DateSchema, DateTimeSchema)',
      'example body.at: request date without the date bounds (DateSchema, DateTimeSchema)',
    ]);
  });

  it('keeps its list of open answer lists to lists that exist', () => {
    const lists = Object.entries(routes as Record<string, RouteDefinition>).flatMap(
      ([name, route]) =>
        Object.entries(route.response).flatMap(([status, schema]) =>
          arrayPaths(schema, `${name} ${status}`),
        ),
    );
    for (const list of openAnswerLists) expect(lists).toContain(list);
  });

  it('keeps the text rule last in every pattern that holds it', () => {
    expect(textPattern('(?=x)')).toBe(`^(?=x)${textPatternEnd}`);
  });
});

function arrayPaths(schema: unknown, path: string): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Schema;
  const here = typesOf(node).includes('array') ? [path] : [];
  const children = Object.entries((node.properties as Schema | undefined) ?? {}).flatMap(
    ([name, child]) => arrayPaths(child, `${path}.${name}`),
  );
  const options = ['anyOf', 'oneOf'].flatMap((keyword) =>
    ((node[keyword] as unknown[] | undefined) ?? []).flatMap((child) => arrayPaths(child, path)),
  );
  return [...here, ...children, ...options];
}
