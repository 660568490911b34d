import { reportLimits } from '@coach/domain';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/index.ts';
import { DomainError } from '../../../domainError.ts';
import type { ServiceContext } from '../../core/index.ts';

/** How many reports a coach may generate in a sliding window. */
export type ReportQuota = { max: number; windowSeconds: number };

/** The context's quota, the product's figures where it names none (read per request). */
export function reportQuotaOf(context: ServiceContext): ReportQuota {
  return {
    max: context.reportQuota?.max ?? reportLimits.dailyMax,
    windowSeconds: context.reportQuota?.windowSeconds ?? reportLimits.quotaWindowSeconds,
  };
}

/**
 * Takes the coach's report lock until the end of `tx`: concurrent reports of one coach are
 * counted and stored one after the other, so they never pass the ceiling together.
 */
export async function lockReportQuota(tx: Transaction, coachId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`reportQuota:${coachId}`}, 0))`,
  );
}

/**
 * Refuses (`rate_limited`, 429) a report past the coach's quota: `max` of the coach's stored
 * reports made in the last `windowSeconds`, by the database's clock (the one that stamps them).
 * Retry-After is when the report that must leave the window for a new one to fit (the oldest
 * counted, once the count is at the ceiling) leaves it.
 *
 * The count reads the coach's current clients' reports, one range of
 * client_reports_client_coach_created_idx each (the table has no index by coach alone); a
 * deleted report no longer counts: the quota bounds what a coach keeps stored.
 */
export async function refuseOverReportQuota(
  db: Database | Transaction,
  organisationId: string,
  coachId: string,
  quota: ReportQuota,
): Promise<void> {
  const window = sql`make_interval(secs => ${quota.windowSeconds}::double precision)`;
  const result = await db.execute<{ retry_after: number | string }>(sql`
    select ceil(extract(epoch from (created_at + ${window} - now())))::int as retry_after
    from client_reports
    where organisation_id = ${organisationId}::uuid
      and coach_person_id = ${coachId}::uuid
      and client_person_id in (
        select id from persons
        where organisation_id = ${organisationId}::uuid and coach_person_id = ${coachId}::uuid
      )
      and created_at > now() - ${window}
    order by created_at desc
    offset ${quota.max - 1}
    limit 1`);
  const [row] = result.rows;
  if (!row) return;
  const retryAfterSeconds = Math.max(1, Number(row.retry_after));
  throw new DomainError(
    'rate_limited',
    'Too many reports were generated lately, please try again later',
    { retryAfterSeconds },
  );
}
