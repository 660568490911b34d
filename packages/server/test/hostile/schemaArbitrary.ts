import { dateBounds } from '@coach/domain';
import fc from 'fast-check';
import { edgeCharacters, edgeStrings, forbiddenCharacters } from './hostileStrings.ts';

// Request values generated from the contract's own schemas (TypeBox, i.e. JSON Schema): values
// the schema accepts, to reach the handlers, and the same values broken in one place (a wrong
// type, a missing or extra field, a string past its limit or with forbidden characters), to
// reach every refusal. Only the keywords the route table uses are handled; an unknown one fails
// loudly, so a new kind of schema cannot silently go untested.

/** A JSON Schema as the route table holds it. */
export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  propertyNames?: JsonSchema;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
};

/** What the generator knows of the server's state, so some values name things that exist. */
export type SchemaHints = {
  /**
   * Values that exist on the server, by property name (`clientId`, `id`, `email`, `password`,
   * `token`...): about half of such a property's values are one of them, the rest are drawn.
   */
  known?: Readonly<Record<string, readonly unknown[]>>;
  /** "Now" of the run: dates and times are drawn around it, where the server accepts them. */
  now?: Date;
};

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Longest array the generator builds for valid values (the limits are tested apart). */
const maxGeneratedItems = 4;

/** Generated strings stay near their lower bound, and sometimes sit exactly on a bound. */
const lengthSpread = 12;

/** Values the schema accepts (the route's validation lets them through to the handler). */
export function validArbitrary(schema: JsonSchema, hints: SchemaHints = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((member) => validArbitrary(member, hints)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validArbitrary({ ...schema, type }, hints)));
  }
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, hints);
    case 'array':
      return arrayArbitrary(schema, hints);
    case 'string':
      return stringArbitrary(schema, hints);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      throw new Error(`schemaArbitrary: no generator for ${JSON.stringify(schema)}`);
  }
}

function objectArbitrary(schema: JsonSchema, hints: SchemaHints): fc.Arbitrary<unknown> {
  if (schema.patternProperties) {
    const [valueSchema] = Object.values(schema.patternProperties);
    if (!valueSchema) throw new Error('schemaArbitrary: a record without a value schema');
    const keys = stringArbitrary({ type: 'string', minLength: 1, ...schema.propertyNames }, hints);
    return fc.dictionary(keys, validArbitrary(valueSchema, hints), {
      maxKeys: Math.min(schema.maxProperties ?? maxGeneratedItems, maxGeneratedItems),
      noNullPrototype: true,
    });
  }
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => {
      const known = hints.known?.[key];
      const drawn = validArbitrary(value, hints);
      return [key, known?.length ? fc.oneof(fc.constantFrom(...known), drawn) : drawn];
    }),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []) as never[] });
}

function arrayArbitrary(schema: JsonSchema, hints: SchemaHints): fc.Arbitrary<unknown> {
  if (!schema.items) throw new Error('schemaArbitrary: an array without items');
  const items = validArbitrary(schema.items, hints);
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(
    minLength,
    Math.min(schema.maxItems ?? maxGeneratedItems, maxGeneratedItems),
  );
  return schema.uniqueItems
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
    : fc.array(items, { minLength, maxLength });
}

function stringArbitrary(schema: JsonSchema, hints: SchemaHints): fc.Arbitrary<string> {
  const now = (hints.now ?? new Date()).getTime();
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date':
      // Mostly within a year of now (the ranges the server takes), sometimes anywhere the
      // contract's date bounds allow (years 1900 to 2199).
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.integer({ min: -400, max: 30 }).map((days) => isoDate(now + days * dayMs)),
        },
        {
          weight: 1,
          arbitrary: fc
            .date({
              min: new Date(dateBounds.earliest),
              max: new Date(dateBounds.latest),
              noInvalidDate: true,
            })
            .map((date) => date.toISOString().slice(0, 10)),
        },
      );
    case 'date-time':
      // Mostly within hours of now (reflection windows, exercises), sometimes days away.
      return fc
        .oneof(
          fc.integer({ min: -2 * hourMs, max: hourMs }),
          fc.integer({ min: -3 * dayMs, max: 3 * dayMs }),
        )
        .map((offset) => new Date(now + offset).toISOString());
    case 'email':
      return fc
        .emailAddress({ size: 'small' })
        .filter((email) => email.length <= (schema.maxLength ?? 254));
    case undefined:
      break;
    default:
      throw new Error(`schemaArbitrary: no generator for format ${schema.format}`);
  }
  return patternStringArbitrary(schema);
}

/**
 * A pattern of the form `^(lookaheads)(unit)*$` (the text rule and the digit rules) is built
 * unit by unit, so lengths can sit on their bounds; each lookahead `(?=.*X)` adds one character
 * matching X. Any other pattern goes to fast-check's `stringMatching`, filtered by length.
 */
function patternStringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 1000;
  const pattern = schema.pattern ?? '^[\\s\\S]*$';
  const whole = new RegExp(pattern, 'u');
  const fitsLength = (text: string) => {
    const length = [...text].length;
    return length >= minLength && length <= maxLength;
  };
  const parsed = /^\^((?:\(\?=(?:\.\*|\[\\s\\S\]\*)[^()]+\))*)(\(\?:.*\)|\[[^\]]*\])\*\$$/.exec(
    pattern,
  );
  if (!parsed) {
    return fc.stringMatching(whole).filter((text) => fitsLength(text) && whole.test(text));
  }
  const [, lookaheads = '', unitPattern = ''] = parsed;
  const unitRegExp = new RegExp(`^${unitPattern}$`, 'u');
  // Random characters of the unit, mixed with the edge characters and plain ones it takes.
  const edge = edgeCharacters.filter((character) => unitRegExp.test(character));
  const plain = [...'abcXYZ019 -'].filter((character) => unitRegExp.test(character));
  const unit = fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(unitRegExp) },
    ...(edge.length ? [{ weight: 1, arbitrary: fc.constantFrom(...edge) }] : []),
    ...(plain.length ? [{ weight: 2, arbitrary: fc.constantFrom(...plain) }] : []),
  );
  const required = [...lookaheads.matchAll(/\(\?=(?:\.\*|\[\\s\\S\]\*)([^()]+)\)/g)].map(
    ([, needed]) => fc.stringMatching(new RegExp(`^${needed}$`, 'u')),
  );
  const freeMin = Math.max(0, minLength - required.length);
  const freeMax = Math.max(freeMin, maxLength - required.length);
  const length = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.integer({ min: freeMin, max: Math.min(freeMax, freeMin + lengthSpread) }),
    },
    { weight: 1, arbitrary: fc.constant(freeMax) },
  );
  return fc
    .tuple(
      length.chain((count) => fc.array(unit, { minLength: count, maxLength: count })),
      fc.tuple(...required),
      fc.nat(),
    )
    .map(([free, needed, seed]) => {
      const characters = [...free];
      for (const [index, character] of needed.entries()) {
        characters.splice((seed + index * 7) % (characters.length + 1), 0, character);
      }
      return characters.join('');
    })
    .filter((text) => fitsLength(text) && whole.test(text));
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A value of any other JSON type than the schema's (or of no type it takes). */
const wrongTypeValues: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  '',
  '0',
  'true',
  [],
  [null],
  {},
  { $ne: null },
  { $gt: '' },
];

/** Strings that break any field's rules or a server's assumptions (built once: see below). */
const anyHostileString = fc.oneof(
  fc.constantFrom(...Object.values(edgeStrings)),
  fc.constantFrom(...forbiddenCharacters).map((character) => `a${character}b`),
  // Far past any limit, still under the default body limit once escaped.
  fc.constant('A'.repeat(10_000)),
  fc.constantFrom('', ' ', '\u00A0\u2003', 'null', 'undefined', 'NaN', '-1', '1e999'),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/**
 * Arbitraries are built once per limit: a mutation is drawn inside `chain`, for every case, and
 * building `fc.string` each time cost more than sending the request.
 */
const hostileStrings = new Map<number, fc.Arbitrary<string>>();

/** Strings that break a field's rules: the above, and one character past its limit. */
function hostileStringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 200;
  let arbitrary = hostileStrings.get(maxLength);
  if (!arbitrary) {
    // One past the limit, counted in characters, in ASCII and in emoji.
    const pastLimit = fc.constantFrom('x'.repeat(maxLength + 1), '😀'.repeat(maxLength + 1));
    arbitrary = fc.oneof({ weight: 4, arbitrary: anyHostileString }, pastLimit);
    hostileStrings.set(maxLength, arbitrary);
  }
  return arbitrary;
}

/** Numbers past the bounds, fractions where an integer is due, and numbers JSON cannot hold. */
function hostileNumberArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const candidates: unknown[] = [0.5, -0, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE];
  if (schema.minimum !== undefined) candidates.push(schema.minimum - 1, schema.minimum - 0.001);
  if (schema.maximum !== undefined) candidates.push(schema.maximum + 1, schema.maximum + 0.001);
  return fc.constantFrom(...candidates);
}

/** A value broken at one place of a valid one. */
export function hostileArbitrary(
  schema: JsonSchema,
  hints: SchemaHints = {},
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: validArbitrary(schema, hints).chain((value) => mutate(value, schema)) },
    { weight: 1, arbitrary: fc.constantFrom(...wrongTypeValues) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** Breaks `value` (valid for `schema`) at one node chosen at random, depth first. */
function mutate(value: unknown, schema: JsonSchema): fc.Arbitrary<unknown> {
  const node = nodeMutations(value, schema);
  const children = childMutations(value, schema);
  return children
    ? fc.oneof({ weight: 1, arbitrary: node }, { weight: 3, arbitrary: children })
    : node;
}

/** Replacements of the node itself. */
function nodeMutations(value: unknown, schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...wrongTypeValues)];
  if (types.includes('string') || schema.anyOf) options.push(hostileStringArbitrary(schema));
  if (types.includes('integer') || types.includes('number')) {
    options.push(hostileNumberArbitrary(schema));
  }
  if (types.includes('array') && Array.isArray(value)) {
    // Past maxItems (by repeating an item) and duplicates where items must differ.
    const first = value[0] ?? null;
    const over = Array.from({ length: (schema.maxItems ?? 10) + 1 }, () => first);
    options.push(fc.constantFrom(over, [first, first]));
  }
  return fc.oneof(...options);
}

/** A mutation inside an object or array: of one child, or of the set of keys. */
function childMutations(value: unknown, schema: JsonSchema): fc.Arbitrary<unknown> | null {
  if (Array.isArray(value)) {
    if (value.length === 0 || !schema.items) return null;
    const items = schema.items;
    return fc
      .nat(value.length - 1)
      .chain((index) =>
        mutate(value[index], items).map((item) =>
          value.map((old, at) => (at === index ? item : old)),
        ),
      );
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const options: fc.Arbitrary<unknown>[] = [
    // Extra fields, the prototype keys among them (JSON.parse makes `__proto__` an own key).
    fc
      .constantFrom('extra', '__proto__', 'constructor', 'prototype', '$where', 'id', '')
      .chain((key) => fc.jsonValue({ maxDepth: 1 }).map((extra) => withOwnKey(record, key, extra))),
  ];
  if (keys.length > 0) {
    // A field left out, or broken.
    options.push(
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _, ...rest } = record;
        return rest;
      }),
    );
    options.push(
      fc.constantFrom(...keys).chain((key) => {
        const childSchema =
          schema.properties?.[key] ?? Object.values(schema.patternProperties ?? {})[0] ?? {};
        return mutate(record[key], childSchema).map((child) => withOwnKey(record, key, child));
      }),
    );
  }
  if (schema.patternProperties) {
    options.push(
      fc
        .constantFrom(...forbiddenCharacters, 'k'.repeat(65), '')
        .map((key) => withOwnKey(record, key, 'x')),
    );
  }
  return fc.oneof(...options);
}

/** A copy of `record` with `key` set as an own property (even `__proto__`). */
function withOwnKey(record: Record<string, unknown>, key: string, value: unknown) {
  const copy: Record<string, unknown> = { ...record };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
