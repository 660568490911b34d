import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createInProcessNotices, type Notices } from './notices.ts';
import * as schema from './schema.ts';
import { createStatementWatch, type StatementWatch } from './statementWatch.ts';

type Rows<Row> = { rows: Row[] };

/** What `db.execute()` answers on both drivers: their results share `rows`. */
interface QueryResultHKT extends PgQueryResultHKT {
  readonly type: Rows<this['row']>;
}

/** The drizzle database, the same type on PGlite and on node-postgres. */
export type Database = PgDatabase<QueryResultHKT, typeof schema>;

/** The handle a transaction's work receives; it has the same query API as `Database`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

/** A connection pool's use at one moment. */
type PoolUse = {
  /** Connections open, busy or idle. */
  open: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
};

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** The organisation of this deployment: its row exists once the handle is open. */
  organisationId: string;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws
   * (the error is rethrown).
   */
  transaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;
  /** Notices published by transactions, heard by every process once committed (notices.ts). */
  notices: Notices<Transaction>;
  /** Closes the connection(s); the handle is unusable afterwards. Safe to call twice. */
  close: () => Promise<void>;
  /** Who hears of the statements the handle runs (the metrics; see statementWatch.ts). */
  statements: StatementWatch;
  /** The connection pool's use now; null on PGlite (one connection, in the process). */
  poolUse: (() => PoolUse) | null;
};

/** What a driver gives a handle beside its database. */
export type HandleParts = {
  /** The notices across processes; without them (PGlite, one process) they stay in the process. */
  notices?: Notices<Transaction>;
  /** The watch the driver tells of its statements; a new one, told of nothing, by default. */
  statements?: StatementWatch;
  poolUse?: () => PoolUse;
};

const defaultOrganisationName = 'Coach';

/** Creates the organisation row when it is missing; leaves an existing one untouched. */
export async function seedOrganisation(
  db: Database,
  organisationId: string,
  name = defaultOrganisationName,
): Promise<void> {
  await db
    .insert(schema.organisations)
    .values({ id: organisationId, name })
    .onConflictDoNothing({ target: schema.organisations.id });
}

/** Wraps a drizzle database into a handle; `closeClient` ends the underlying connection(s). */
export function createHandle(
  db: Database,
  kind: DatabaseKind,
  organisationId: string,
  closeClient: () => Promise<void>,
  { notices, statements = createStatementWatch(), poolUse }: HandleParts = {},
): DatabaseHandle {
  let closing: Promise<void> | null = null;
  const inProcess = notices
    ? null
    : createInProcessNotices<Transaction>((work) => db.transaction(work));
  return {
    db,
    kind,
    organisationId,
    transaction: inProcess ? inProcess.transaction : (work) => db.transaction(work),
    notices: notices ?? (inProcess as NonNullable<typeof inProcess>).notices,
    close: () => {
      closing ??= closeClient();
      return closing;
    },
    statements,
    poolUse: poolUse ?? null,
  };
}
