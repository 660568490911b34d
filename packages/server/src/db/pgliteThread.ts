import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  errorFromWire,
  type PgliteAnswer,
  type PgliteRequest,
  type PgliteSource,
  parseJsonColumns,
  startAnswerId,
  type WireQueryOptions,
} from './pgliteProtocol.ts';

// PGlite in a worker thread (pgliteWorker.ts), seen from the main thread as the part of PGlite's
// client that drizzle's pglite driver calls: query, exec, transaction, close. Every call is posted
// to the worker, which owns the database; the main thread only waits for the answer.

/** What drizzle's pglite driver calls on its client, and what a transaction's work receives. */
type PgliteQueries = {
  query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  exec(text: string): Promise<Results[]>;
};

export type PgliteTransactionProxy = PgliteQueries & {
  rollback(): Promise<void>;
  readonly closed: boolean;
};

export type PgliteThreadClient = PgliteQueries & {
  /** Runs `work` in one transaction; other statements wait until it commits or rolls back. */
  transaction<T>(work: (tx: PgliteTransactionProxy) => Promise<T>): Promise<T>;
  /** Closes PGlite (its files flushed) and ends the thread. Safe to call twice. */
  close(): Promise<void>;
};

type WithoutId<Request> = Request extends unknown ? Omit<Request, 'id'> : never;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** What a parser is checked with: a parser that answers anything else is not a pass-through. */
const parserProbe = '0';

/** Wire options per drizzle query config (each prepared query keeps its own object). */
const wireOptionsCache = new WeakMap<QueryOptions, WireQueryOptions>();

/**
 * The options of a query as they can cross to the worker. Type parsers are functions and cannot:
 * drizzle's only keep PostgreSQL's text (dates, timestamps, intervals, numeric arrays), so they
 * cross as the list of those types and the worker keeps their text too. Any other parser, or an
 * option holding a function, is refused rather than silently dropped.
 */
export function wireQueryOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  const cached = wireOptionsCache.get(options);
  if (cached) return cached;
  const { rowMode, parsers, paramTypes, ...others } = options;
  const unsupported = Object.entries(others).filter(([, value]) => value !== undefined);
  if (unsupported.length > 0) {
    throw new Error(
      `PGlite in a worker thread takes no ${unsupported.map(([name]) => name).join(', ')} option`,
    );
  }
  const wire: WireQueryOptions = {};
  if (rowMode) wire.rowMode = rowMode;
  if (paramTypes) wire.paramTypes = paramTypes;
  if (parsers) {
    wire.passThroughTypes = Object.entries(parsers).map(([type, parse]) => {
      if (parse(parserProbe, Number(type)) !== parserProbe) {
        throw new Error(
          `PGlite in a worker thread takes only parsers that keep the text (type ${type})`,
        );
      }
      return Number(type);
    });
  }
  wireOptionsCache.set(options, wire);
  return wire;
}

/**
 * Starts a worker thread and opens PGlite there on `source`; resolves once it is open, rejects
 * with PGlite's error when it cannot open. The thread keeps the process alive only while a call
 * waits for its answer, as an in-process PGlite would.
 */
export async function startPgliteThread(source: PgliteSource): Promise<PgliteThreadClient> {
  const worker = new Worker(new URL('./pgliteWorker.ts', import.meta.url), { workerData: source });
  const pending = new Map<number, Pending>();
  let nextId = startAnswerId + 1;
  /** Set once the thread is gone: every later call fails with it. */
  let stopped: Error | null = null;

  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return call;
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(error);
  };
  worker.on('message', (answer: PgliteAnswer) => {
    const call = settle(answer.id);
    if (answer.ok) call?.resolve(answer.value);
    else call?.reject(errorFromWire(answer.error));
  });
  worker.on('error', (error: Error) =>
    stop(new Error(`The database thread failed: ${error.message}`)),
  );
  worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));

  const wait = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
    });

  // Requests are posted with their ids; a `begin` request's id is its transaction's.
  const call = (request: WithoutId<PgliteRequest>, id = nextId++): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const answer = wait(id);
    worker.postMessage({ ...request, id } as PgliteRequest);
    return answer;
  };

  try {
    await wait(startAnswerId);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const queries = (tx: number | null): PgliteQueries => ({
    query: async <Row>(text: string, params?: unknown[], options?: QueryOptions) => {
      const wire = wireQueryOptions(options);
      const results = (await call({
        kind: 'query',
        text,
        params,
        options: wire,
        tx,
      })) as Results<Row>;
      parseJsonColumns(results, wire);
      return results;
    },
    exec: async (text: string) => (await call({ kind: 'exec', text, tx })) as Results[],
  });

  let closing: Promise<void> | null = null;
  return {
    ...queries(null),
    async transaction<T>(work: (tx: PgliteTransactionProxy) => Promise<T>): Promise<T> {
      const tx = nextId++;
      await call({ kind: 'begin' }, tx);
      let isClosed = false;
      const checked = queries(tx);
      const proxy: PgliteTransactionProxy = {
        query: (...args) => {
          if (isClosed) return Promise.reject(new Error('Transaction is closed'));
          return checked.query(...args);
        },
        exec: (text) => {
          if (isClosed) return Promise.reject(new Error('Transaction is closed'));
          return checked.exec(text);
        },
        rollback: async () => {
          if (isClosed) throw new Error('Transaction is closed');
          await call({ kind: 'rollback', tx });
          isClosed = true;
        },
        get closed() {
          return isClosed;
        },
      };
      let result: T;
      try {
        result = await work(proxy);
      } catch (error) {
        isClosed = true;
        await call({ kind: 'end', tx, commit: false });
        throw error;
      }
      isClosed = true;
      await call({ kind: 'end', tx, commit: true });
      return result;
    },
    close() {
      closing ??= (async () => {
        try {
          if (!stopped) await call({ kind: 'close' });
        } finally {
          stopped ??= new Error('The database is closed');
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}
