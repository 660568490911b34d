import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type {
  PgliteAnswer as Answer,
  PgliteRequest,
  PgliteSource,
  WireQueryOptions,
} from './pgliteProtocol.ts';
import { errorToWire, jsonTypes, startAnswerId } from './pgliteProtocol.ts';

// The worker thread that owns the embedded database: PGlite runs each query to its end on the
// thread that calls it, so here it stalls this thread instead of the server's event loop. The
// main thread talks to it through pgliteThread.ts.
//
// Transactions use PGlite's own: while one is open, PGlite holds its transaction lock, so other
// requests' statements wait for it to end, as they do when PGlite runs on the main thread.

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs in a worker thread');

/** A transaction open on behalf of the main thread, until its `end` request. */
type OpenTransaction = {
  tx: Transaction;
  /** Lets PGlite's transaction callback return (commit) or throw (roll back). */
  finish: (commit: boolean) => void;
};

const transactions = new Map<number, OpenTransaction>();
/** What each transaction's PGlite call settles to, once it has committed or rolled back. */
const outcomes = new Map<number, Promise<void>>();
const rollbackSignal = Symbol('roll back');

/** Parsers per set of text-kept types (drizzle sends two sets); json's text is always kept. */
const textParsers = new Map<string, NonNullable<QueryOptions['parsers']>>();
const keepText = (value: string) => value;

function queryOptions(wire: WireQueryOptions): QueryOptions {
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.paramTypes) options.paramTypes = wire.paramTypes;
  const key = wire.passThroughTypes?.join(',') ?? '';
  let parsers = textParsers.get(key);
  if (!parsers) {
    const types = [...jsonTypes, ...(wire.passThroughTypes ?? [])];
    parsers = Object.fromEntries(types.map((type) => [type, keepText]));
    textParsers.set(key, parsers);
  }
  options.parsers = parsers;
  return options;
}

function transactionOf(id: number): Transaction {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function begin(pg: PGlite, id: number): Promise<void> {
  let started = () => {};
  const isStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const outcome = pg
    .transaction(async (tx) => {
      await new Promise<void>((resolve, reject) => {
        transactions.set(id, {
          tx,
          finish: (commit) => (commit ? resolve() : reject(rollbackSignal)),
        });
        started();
      });
    })
    .catch((error: unknown) => {
      if (error !== rollbackSignal) throw error;
    })
    .finally(() => transactions.delete(id));
  outcomes.set(id, outcome);
  // A failed BEGIN rejects the outcome before the callback runs.
  await Promise.race([isStarted, outcome]);
}

async function end(id: number, commit: boolean): Promise<void> {
  const outcome = outcomes.get(id);
  if (!outcome) throw new Error('Transaction is closed');
  outcomes.delete(id);
  transactions.get(id)?.finish(commit);
  await outcome;
}

function handle(pg: PGlite, request: PgliteRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const client = request.tx === null ? pg : transactionOf(request.tx);
      return client.query(request.text, request.params, queryOptions(request.options));
    }
    case 'exec':
      return (request.tx === null ? pg : transactionOf(request.tx)).exec(request.text);
    case 'begin':
      return begin(pg, request.id);
    case 'rollback':
      return transactionOf(request.tx).rollback();
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      return pg.close();
  }
}

async function serve(port: MessagePort) {
  let pg: PGlite;
  try {
    pg = await PGlite.create(workerData as PgliteSource);
  } catch (error) {
    // Nothing is open: closing the port lets the thread end.
    port.postMessage({ id: startAnswerId, ok: false, error: errorToWire(error) } satisfies Answer);
    port.close();
    return;
  }
  port.on('message', async (request: PgliteRequest) => {
    let message: Answer;
    try {
      message = { id: request.id, ok: true, value: await handle(pg, request) };
    } catch (error) {
      message = { id: request.id, ok: false, error: errorToWire(error) };
    }
    try {
      port.postMessage(message);
    } catch (error) {
      // A value that cannot be cloned fails its call, not the thread.
      port.postMessage({ id: request.id, ok: false, error: errorToWire(error) } satisfies Answer);
    }
  });
  port.postMessage({ id: startAnswerId, ok: true, value: null } satisfies Answer);
}

await serve(port);
