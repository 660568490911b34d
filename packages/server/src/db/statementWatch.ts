import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { PgliteThreadClient, PgliteTransactionProxy } from './pgliteThread.ts';
import * as schema from './schema.ts';

// Who hears of the statements a database handle runs (the process's metrics): each statement as
// it starts, and its end. Both drivers tell it (pglite.ts, postgres.ts); nothing is measured while
// no one listens. Statements are named by what they do and to which table ('select persons'),
// from fixed sets: a statement's text holds no values (they are parameters), but its shape may
// vary without end (a list of n placeholders), so the text itself is never a name.

/** Told of a statement as it starts; the function it answers is called when it ends. */
export type StatementObserver = (name: string) => (failed: boolean) => void;

export type StatementWatch = {
  /** Adds an observer until the function it answers is called. */
  observe(observer: StatementObserver): () => void;
  /** Called by the driver as the statement `text` starts: answers the call for its end. */
  start(text: string): (failed: boolean) => void;
};

const nothingToTell = () => {};

export function createStatementWatch(): StatementWatch {
  const observers = new Set<StatementObserver>();
  return {
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    start(text) {
      if (observers.size === 0) return nothingToTell;
      const name = statementName(text);
      // One observer (the process's metrics) is told directly, with no list made.
      if (observers.size === 1) for (const observer of observers) return observer(name);
      const ends = [...observers].map((observer) => observer(name));
      return (failed) => {
        for (const end of ends) end(failed);
      };
    },
  };
}

/** The statements' verbs named; any other is 'other'. */
const verbs = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'set',
  'listen',
  'unlisten',
  'notify',
]);

/** The tables of the schema, by name. */
const tableNames: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
);

/** Where each verb names its table: the first table word after it. */
const tablePatterns: Record<string, RegExp> = {
  select: /\bfrom\s+"?(\w+)"?/i,
  with: /\bfrom\s+"?(\w+)"?/i,
  insert: /^\s*insert\s+into\s+"?(\w+)"?/i,
  update: /^\s*update\s+"?(\w+)"?/i,
  delete: /^\s*delete\s+from\s+"?(\w+)"?/i,
};

const names = new Map<string, string>();
/** Texts whose names are kept; past it a name is worked out each time (cheap, and bounded). */
const maxNamesKept = 1_000;

/**
 * A statement's name: its verb and, for reads and writes, the first table it names
 * ('insert metric_samples', 'select persons', 'commit'); a word outside the fixed sets is
 * 'other'.
 */
export function statementName(text: string): string {
  const known = names.get(text);
  if (known !== undefined) return known;
  const verb = /^\s*\(?\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '';
  let name = verbs.has(verb) ? verb : 'other';
  const pattern = tablePatterns[verb];
  if (pattern) {
    const table = pattern.exec(text)?.[1];
    name = `${verb} ${table !== undefined && tableNames.has(table) ? table : 'other'}`;
  }
  if (names.size < maxNamesKept) names.set(text, name);
  return name;
}

/** Runs `run`, the statement `text`, telling `watch` of its start and end. */
function timed<T>(watch: StatementWatch, text: string, run: () => Promise<T>): Promise<T> {
  const end = watch.start(text);
  // Unwatched, a statement costs nothing more.
  if (end === nothingToTell) return run();
  return endWhenSettled(end, run());
}

/** `running`, calling `end` when it settles (whether it failed). */
function endWhenSettled<T>(end: (failed: boolean) => void, running: Promise<T>): Promise<T> {
  return running.then(
    (value) => {
      end(false);
      return value;
    },
    (error: unknown) => {
      end(true);
      throw error;
    },
  );
}

/** A PGlite client (its thread's, or PGlite itself) whose statements `watch` hears of. */
export function watchedPglite(
  client: PgliteThreadClient,
  watch: StatementWatch,
): PgliteThreadClient {
  const watchedTransaction = (tx: PgliteTransactionProxy): PgliteTransactionProxy => ({
    query: (text, params, options) => timed(watch, text, () => tx.query(text, params, options)),
    exec: (text) => timed(watch, text, () => tx.exec(text)),
    rollback: () => tx.rollback(),
    get closed() {
      return tx.closed;
    },
  });
  return {
    query: (text, params, options) => timed(watch, text, () => client.query(text, params, options)),
    exec: (text) => timed(watch, text, () => client.exec(text)),
    transaction: (work) => client.transaction((tx) => work(watchedTransaction(tx))),
    close: () => client.close(),
  };
}

/** What a node-postgres client's `query` is called with: a text or a config, values, a callback. */
type QueryArguments = [unknown, ...unknown[]];

/**
 * Has `watch` hear of every statement of the pool's connections (drizzle's, through the pool or a
 * transaction's connection): each connection's `query` is wrapped as the pool opens it.
 */
export function watchPoolStatements(
  pool: { on(event: 'connect', listener: (client: { query: unknown }) => void): unknown },
  watch: StatementWatch,
) {
  pool.on('connect', (client) => {
    const query = client.query as (...args: QueryArguments) => unknown;
    client.query = function watchedQuery(this: unknown, ...args: QueryArguments) {
      const [config] = args;
      const text =
        typeof config === 'string'
          ? config
          : (config as { text?: unknown; submit?: unknown } | null)?.submit === undefined
            ? (config as { text?: unknown } | null)?.text
            : undefined;
      if (typeof text !== 'string') return query.apply(this, args);
      const end = watch.start(text);
      if (end === nothingToTell) return query.apply(this, args);
      const callbackAt = args.findIndex((arg) => typeof arg === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
        args[callbackAt] = (error: unknown, result: unknown) => {
          end(Boolean(error));
          callback(error, result);
        };
        return query.apply(this, args);
      }
      // Told once: the start above is this statement's.
      return endWhenSettled(end, query.apply(this, args) as Promise<unknown>);
    };
  });
}
