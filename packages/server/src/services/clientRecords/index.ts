// The client-data core: what every service over a client's records shares (journey, calendar,
// survey, exercise, device-metrics, analytics, reports, messaging, notes): who may read or write a
// client's data, the routes' shapes, the one write path and its quotas, the client's lock and
// journey steps, rollups and low-day runs, the limit and record of reads, and what a coach's
// action on a client changes. It sits above the account and auth services and below every
// client-data service.
import type { RateLimit } from '../auth/index.ts';
import type { ClientReadLimit } from './clientReadLimit.ts';
import type {
  ClientWriteQuotasInput,
  MessagingQuotasInput,
  NotesQuotasInput,
  ReviewQuotasInput,
} from './quotas.ts';

export { clientNotFound, coachOwnerOf, requireClientCaller } from './access.ts';
export { ensureCalendar, missingEvents, replanCalendar } from './calendarRows.ts';
export { registerClientReadAudit } from './clientReadAudit.ts';
export { liftedClientReadLimit } from './clientReadLimit.ts';
export {
  clientHandlers,
  clientRangeHandlers,
  clientWriteHandlers,
  type WriteQuota,
} from './clientRoutes.ts';
export { answerStored, writeClientRecord } from './clientWrite.ts';
export { beforeJourney, checkTimestamp, placeInCalendar, placeInJourney } from './journeyPlace.ts';
export {
  judgeLowDays,
  recomputeLowDays,
  type StoredLowDays,
  storedLowDaysHold,
  storeLowDays,
} from './lowDayRuns.ts';
export {
  checkWriteRate,
  liftedClientWriteQuotas,
  type QuotaInStatement,
  withQuotaInStatement,
} from './quotas.ts';
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

declare module '../core/context.ts' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: an augmentation merges into the interface.
  interface ServiceSettings {
    // The quotas of the writes of client records (`clientRecords/quotas.ts`), the product's
    // figures where they name none. Read per request, so a test may change them on a running
    // server.
    /** The clients' write quotas: rates and daily ceilings. */
    clientWriteQuotas?: ClientWriteQuotasInput;
    /** The coaches' notes and follow-ups a day (the domain's `notesQuotas`). */
    notesQuotas?: NotesQuotasInput;
    /** The writers' message quotas, per author (the domain's `messagingQuotas`). */
    messagingQuotas?: MessagingQuotasInput;
    /** A coach's reviews marked or undone a minute and a day (the domain's `reviewQuotas`). */
    reviewQuotas?: ReviewQuotasInput;
    /** How many reports a coach may generate in a sliding window (the domain's `reportLimits`). */
    reportQuota?: Partial<RateLimit>;
    /**
     * How fast one account may read clients' data (`clientRecords/clientReadLimit.ts`); the
     * product's figures when absent. Read per request, so a test may change it on a running server.
     */
    clientReadLimit?: ClientReadLimit;
  }
}
