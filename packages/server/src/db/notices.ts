import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

// Notices: short messages a transaction publishes, heard by every server process once it has
// committed (nothing of a rolled-back one). On PostgreSQL they are NOTIFY on one channel, so every
// process behind a load balancer hears every other's; each process LISTENs on a connection of its
// own. PGlite serves one process (its lock file keeps others off), so there they stay in the
// process: queued by the transaction and handed out after its commit, which is what NOTIFY does.

/** The PostgreSQL channel of the notices. */
const noticeChannel = 'coach_notices';

/** Longest payload: NOTIFY takes under 8000 bytes. */
const maxNoticeBytes = 7_900;

/** What hears the notices of every process. */
export type NoticeListener = {
  onNotice: (payload: string) => void;
  /**
   * The listening connection was lost and is back: notices published meanwhile were not heard.
   */
  onReconnected: () => void;
};

/** A transaction that can run a statement (the handle's, see handle.ts). */
type StatementRunner = { execute: (query: SQL) => Promise<unknown> };

/**
 * A notice published by one statement run on its own, outside a transaction (it commits by
 * itself): `column(when)` is a column for the statement's final select, whose value is true when
 * the notice is published, on the statement's commit, when `when` (a boolean expression of the
 * statement) holds; once the statement has run, `ran` is given that column's value.
 */
export type StatementNotice = {
  column: (when: SQL) => SQL;
  ran: (published: boolean) => void;
};

/** The notices of one database (see the top of this file), published in its transactions `Tx`. */
export type Notices<Tx = StatementRunner> = {
  /** Publishes `payload` when `tx` commits. */
  publish: (tx: Tx, payload: string) => Promise<void>;
  /** Publishes `payload` from a statement of its own: see {@link StatementNotice}. */
  inStatement: (payload: string) => StatementNotice;
  /** Hears every notice from now on; the answer stops listening. */
  listen: (listener: NoticeListener) => Promise<() => Promise<void>>;
};

function checkSize(payload: string) {
  if (Buffer.byteLength(payload) > maxNoticeBytes) throw new Error('A notice is too long');
}

/**
 * In-process notices (PGlite), with the handle's transaction that hands them out after commit:
 * a notice published in a transaction `transaction` did not start is refused, so none is lost.
 */
export function createInProcessNotices<Tx extends object>(
  runTransaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
) {
  const listeners = new Set<NoticeListener>();
  const queues = new WeakMap<Tx, string[]>();
  const notices: Notices<Tx> = {
    publish: async (tx, payload) => {
      checkSize(payload);
      const queue = queues.get(tx);
      if (!queue) throw new Error('Notices are published in a transaction of the handle');
      queue.push(payload);
    },
    inStatement: (payload) => {
      checkSize(payload);
      return {
        column: (when) => sql`(${when})`,
        // After the caller's own continuation, as a NOTIFY reaches its listeners.
        ran: (published) => {
          if (published) setImmediate(() => tell([payload]));
        },
      };
    },
    listen: async (listener) => {
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
      };
    },
  };
  const tell = (payloads: readonly string[]) => {
    for (const payload of payloads) {
      for (const listener of listeners) listener.onNotice(payload);
    }
  };
  async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const queue: string[] = [];
    const result = await runTransaction((tx: Tx) => {
      queues.set(tx, queue);
      return work(tx);
    });
    if (queue.length > 0) {
      // After the caller's own continuation, as a NOTIFY reaches its listeners.
      setImmediate(() => tell(queue));
    }
    return result;
  }
  return { notices, transaction };
}

/** Delay before the first reconnection of a lost listening connection, then doubled. */
const firstRetryMs = 100;
const maxRetryMs = 5_000;

/**
 * PostgreSQL notices: NOTIFY in the publishing transaction, LISTEN on one connection of this
 * process (opened at the first `listen`), reconnected with growing delays when it is lost.
 */
export function createPostgresNotices(databaseUrl: string): Notices {
  const listeners = new Set<NoticeListener>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = firstRetryMs;
  let isStopped = false;

  const connect = async (isReconnection: boolean) => {
    const connection = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    const lose = () => {
      if (client !== connection) return;
      client = null;
      connection.end().catch(() => {});
      scheduleReconnection();
    };
    connection.on('error', lose);
    connection.on('end', lose);
    connection.on('notification', (message) => {
      if (message.channel !== noticeChannel || message.payload === undefined) return;
      for (const listener of listeners) listener.onNotice(message.payload);
    });
    try {
      await connection.connect();
      await connection.query(`listen ${noticeChannel}`);
    } catch (error) {
      connection.end().catch(() => {});
      throw error;
    }
    if (isStopped) {
      await connection.end().catch(() => {});
      return;
    }
    client = connection;
    retryMs = firstRetryMs;
    if (isReconnection) {
      for (const listener of listeners) listener.onReconnected();
    }
  };

  const scheduleReconnection = () => {
    if (isStopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect(true).catch(() => {
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        scheduleReconnection();
      });
    }, retryMs);
    retryTimer.unref();
  };

  const stop = async () => {
    isStopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const connection = client;
    client = null;
    await connection?.end().catch(() => {});
  };

  return {
    publish: async (tx, payload) => {
      checkSize(payload);
      await tx.execute(sql`select pg_notify(${noticeChannel}, ${payload})`);
    },
    inStatement: (payload) => {
      checkSize(payload);
      return {
        // NOTIFY is sent when the statement's transaction commits, and only if `when` holds.
        column: (when) => sql`(case when ${when}
          then (select true from pg_notify(${noticeChannel}, ${payload})) else false end)`,
        ran: () => {},
      };
    },
    listen: async (listener) => {
      listeners.add(listener);
      isStopped = false;
      if (!client && !retryTimer) {
        connecting ??= connect(false).finally(() => {
          connecting = null;
        });
        await connecting;
      }
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0) await stop();
      };
    },
  };
}
