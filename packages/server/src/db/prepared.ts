// Statements prepared once per database handle (or transaction), for the hot paths where building
// drizzle's SQL cost more than running it.
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `build`'s statements for a handle, built the first time that handle asks and kept while it
 * lives: the statements use placeholders, so one build serves every call on the handle.
 */
export function preparedPerHandle<Handle extends object, Statements>(
  build: (db: Handle) => Statements,
): (db: Handle) => Statements {
  const built = new WeakMap<Handle, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}

// The filters the prepared statements of one client's rows share, with placeholders for the
// values each call binds.

/** A table's columns that say whose row it is. */
type ClientRowColumns = { organisationId: AnyPgColumn; clientPersonId: AnyPgColumn };

/** One client's rows of `table`: placeholders `organisationId` and `clientId`. */
export function ofClientPlaceholders(table: ClientRowColumns): SQL {
  return and(
    eq(table.organisationId, sql.placeholder('organisationId')),
    eq(table.clientPersonId, sql.placeholder('clientId')),
  ) as SQL;
}

/** {@link ofClientPlaceholders}, of the local dates `from` to `to` (placeholders too). */
export function inClientRangePlaceholders(
  table: ClientRowColumns & { localDate: AnyPgColumn },
): SQL {
  return and(
    ofClientPlaceholders(table),
    gte(table.localDate, sql.placeholder('from')),
    lte(table.localDate, sql.placeholder('to')),
  ) as SQL;
}

/**
 * The rows after a page's cursor, newest first by (`at`, `id`): placeholders `beforeAt` and
 * `beforeId`.
 */
export function afterCursorPlaceholders(at: AnyPgColumn, id: AnyPgColumn): SQL {
  return sql`(${at}, ${id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::uuid)`;
}
