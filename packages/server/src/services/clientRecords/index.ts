// The client-data core: what every service over a client's records shares (journey, calendar,
// survey, exercise, device-metrics, analytics, reports, messaging, notes): who may read or write a
// client's data, the routes' shapes, the client's lock and journey steps, rollups and low-day
// runs, the write quotas, the limit and record of reads, and what a coach's action on a client
// changes. It sits above the account and auth services and below every client-data service.
import type { ClientReadLimit } from './clientReadLimit.ts';
import type { ClientWriteQuotasInput } from './writeQuotaOptions.ts';

export { clientNotFound, requireClientCaller, resolveClientAccess } from './access.ts';
export { ensureCalendar, missingEvents, replanCalendar } from './calendarRows.ts';
export { registerClientReadAudit } from './clientReadAudit.ts';
export { liftedClientReadLimit } from './clientReadLimit.ts';
export {
  clientHandlers,
  clientRangeHandlers,
  clientWriteHandlers,
  type WriteQuota,
} from './clientRoutes.ts';
export { coachActed } from './coachActed.ts';
export { beforeJourney, checkTimestamp, placeInCalendar, placeInJourney } from './journeyPlace.ts';
export {
  judgeLowDays,
  recomputeLowDays,
  type StoredLowDays,
  storedLowDaysHold,
  storeLowDays,
} from './lowDayRuns.ts';
export { completeScheduledEvent, recomputePhaseTotals } from './rollups.ts';
export {
  type ClientRef,
  datesOfStep,
  learnStartDate,
  lockClient,
  readStepStarts,
  shareLockClient,
} from './steps.ts';
export type { StoredWrite } from './storedWrite.ts';
export { timestampError } from './timestamps.ts';
export {
  chargeBuckets,
  checkWriteRate,
  type QuotaInStatement,
  withQuotaInStatement,
} from './writeQuota.ts';
export { liftedClientWriteQuotas } from './writeQuotaOptions.ts';

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    /**
     * The clients' write quotas (rates and daily ceilings, `clientRecords/writeQuotaOptions.ts`);
     * defaults when absent. Read per request, so a test may change them on a running server.
     */
    clientWriteQuotas?: ClientWriteQuotasInput;
    /**
     * How fast one account may read clients' data (`clientRecords/clientReadLimit.ts`); the
     * product's figures when absent. Read per request, so a test may change it on a running server.
     */
    clientReadLimit?: ClientReadLimit;
  }
}
