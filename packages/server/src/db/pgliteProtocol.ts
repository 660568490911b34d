// What the main thread and the PGlite worker thread (pgliteWorker.ts) say to each other. Messages
// are structured clones: no functions cross, so type parsers travel as the type ids whose text is
// kept as is, and errors as their message, name and primitive fields (the SQLSTATE `code` first).

/** Where the worker's PGlite lives: a folder on disk, or memory (empty, or loaded from a dump). */
export type PgliteSource = { dataDir?: string; loadDataDir?: Blob };

/** The query options that cross the thread boundary. */
export type WireQueryOptions = {
  rowMode?: 'array' | 'object';
  /** Type ids whose values are answered as PostgreSQL's text, unparsed. */
  passThroughTypes?: number[];
  paramTypes?: number[];
};

/**
 * json and jsonb: the worker answers their text and the main thread parses it. A string crosses
 * at the cost of a copy, where the parsed value would cost a clone on both sides, which together
 * take longer than parsing the text (as on the clients list, one large json value).
 */
export const jsonTypes: readonly number[] = [114, 3802];

/** Parses, in place, the json and jsonb values the worker answered as text (see jsonTypes). */
export function parseJsonColumns(
  results: { rows: unknown[]; fields: { name: string; dataTypeID: number }[] },
  options: WireQueryOptions,
): void {
  const kept = options.passThroughTypes ?? [];
  const isParsed = (type: number) => jsonTypes.includes(type) && !kept.includes(type);
  if (!results.fields.some((field) => isParsed(field.dataTypeID))) return;
  if (options.rowMode === 'array') {
    const columns = results.fields.flatMap((field, index) =>
      isParsed(field.dataTypeID) ? [index] : [],
    );
    for (const row of results.rows as unknown[][]) {
      for (const column of columns) row[column] = parseJson(row[column]);
    }
    return;
  }
  // By name: a later column of the same name wins, as in PGlite's own object rows.
  const types = new Map(results.fields.map((field) => [field.name, field.dataTypeID]));
  const names = [...types].flatMap(([name, type]) => (isParsed(type) ? [name] : []));
  for (const row of results.rows as Record<string, unknown>[]) {
    for (const name of names) row[name] = parseJson(row[name]);
  }
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

export type PgliteRequest =
  | {
      id: number;
      kind: 'query';
      text: string;
      params: unknown[] | undefined;
      options: WireQueryOptions;
      /** The id of the transaction (its `begin` request) the statement belongs to, or null. */
      tx: number | null;
    }
  | { id: number; kind: 'exec'; text: string; tx: number | null }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'rollback'; tx: number }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'close' };

/** The worker's answer to request `id`; id 0 is its start (PGlite open, or why not). */
export type PgliteAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError };

/** The id of the worker's first answer: PGlite is open (or failed to open). */
export const startAnswerId = 0;

export type WireError = {
  name: string;
  message: string;
  stack: string | undefined;
  /** Own fields with primitive values: code, detail, constraint, table, severity... */
  fields: Record<string, string | number | boolean | null>;
};

/**
 * An error as it crosses to the other thread: fields that are not primitives stay behind. PGlite
 * also throws plain objects (the file system's `{ name: 'ErrnoError', errno }`): their fields make
 * the message.
 */
export function errorToWire(error: unknown): WireError {
  if (typeof error !== 'object' || error === null) {
    return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  }
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack, fields };
  }
  const name = typeof fields.name === 'string' ? fields.name : 'Error';
  const details = Object.entries(fields)
    .filter(([key]) => key !== 'name')
    .map(([key, value]) => `${key} ${value}`);
  const message = details.length > 0 ? `${name} (${details.join(', ')})` : name;
  return { name, message, stack: undefined, fields };
}

/** The error of the other thread, rebuilt with its message, name, stack and fields. */
export function errorFromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  Object.assign(error, wire.fields);
  error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  return error;
}
