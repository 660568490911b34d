import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/index.ts';

// "Nothing stored from a refused request", checked on the database itself: a row trigger on
// every table counts the rows each statement inserts, updates or deletes, in a table of the test's
// own. The counts move with the transaction, so a write rolled back leaves them as they were.
// Installed on the test's fresh database only; the product's schema is not touched.

/**
 * Tables a refusal may write to, by design: the audit log records refusals (throttled ones in
 * aggregate, in audit_refusals; refused reads of a client's data in audit_client_reads), the rate
 * limits and sign-in throttling count attempts (refused ones too), and a reset code counts its
 * wrong tries.
 */
export const refusalRecordTables = [
  'audit_log',
  'audit_client_reads',
  'audit_refusals',
  'rate_limit_buckets',
  'password_reset_codes',
] as const;

/**
 * Tables whose rows a background worker updates and deletes on its own (the mail outbox's sender
 * marks attempts, sends and purges): only the rows inserted there are a request's writes.
 */
const insertOnlyTables = ['mail_outbox'] as const;

/** Rows written so far, by table. */
export type WriteCounts = Record<string, number>;

/** Installs the counting triggers on every table of the public schema. */
export async function installWriteTracker(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`
    create table hostile_writes (table_name text primary key, count bigint not null)
  `);
  await database.db.execute(sql`
    create function hostile_count_write() returns trigger language plpgsql as $$
    begin
      insert into hostile_writes (table_name, count) values (TG_TABLE_NAME, 1)
      on conflict (table_name) do update set count = hostile_writes.count + 1;
      return null;
    end
    $$
  `);
  await database.db.execute(sql`
    do $$
    declare name text;
    begin
      for name in
        select tablename from pg_tables
        where schemaname = 'public' and tablename <> 'hostile_writes'
      loop
        execute format(
          'create trigger hostile_count after %s on %I '
          'for each row execute function hostile_count_write()',
          case when name = any(${sql.raw(`array[${insertOnlyTables.map((table) => `'${table}'`).join(', ')}]`)}) then 'insert'
            else 'insert or update or delete' end,
          name
        );
      end loop;
    end
    $$
  `);
}

/** The rows written so far, by table. */
export async function readWriteCounts(database: DatabaseHandle): Promise<WriteCounts> {
  const { rows } = await database.db.execute<{ table_name: string; count: string | number }>(
    sql`select table_name, count from hostile_writes`,
  );
  return Object.fromEntries(rows.map((row) => [row.table_name, Number(row.count)]));
}

/** The tables whose counts differ between two readings, leaving out `allowed`. */
export function changedTables(
  before: WriteCounts,
  after: WriteCounts,
  allowed: readonly string[] = [],
): string[] {
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...tables]
    .filter((table) => !allowed.includes(table) && (before[table] ?? 0) !== (after[table] ?? 0))
    .sort();
}
