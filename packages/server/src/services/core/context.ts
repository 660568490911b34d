import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/index.ts';
import type { AccessTokens } from '../http/accessTokens.ts';
import type { ClientReadLimit } from '../http/clientReadLimit.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailOutboxOptions } from '../mail/outbox.ts';
import type { WorkerPoolOptions } from '../workerPool.ts';
import type { LiveEventOptions } from './analytics/liveHub.ts';
import type { AuthOptionsInput } from './auth/options.ts';
import type { ClientWriteQuotasInput } from './clientRecords/writeQuotaOptions.ts';
import type { MorningMailOptions } from './morningMail/scheduler.ts';
import type { ReportQuota } from './resource/reports/reportQuota.ts';

/** Everything a service needs from the process that hosts it. */
export type ServiceContext = {
  database: DatabaseHandle;
  organisationId: string;
  accessTokens: AccessTokens;
  /** preHandler: 401 unless the request carries a valid access token; sets `request.auth`. */
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  mailer: Mailer;
  /** The mail outbox's retries and timings (`mail/outbox.ts`); defaults when absent. */
  mailOutbox?: Partial<MailOutboxOptions>;
  /**
   * The morning attention mail's tick (`morningMail/scheduler.ts`: interval, coaches per tick);
   * defaults when absent, none with 'off' (test servers, unless a test asks for it). It reads the
   * time from `now`.
   */
  morningMail?: Partial<MorningMailOptions> | 'off';
  /** Base address of the coach app, for links in mails (`APP_URL`). */
  appUrl: string;
  /** Auth service tuning (limits, lifetimes, clock, reset-code key); defaults when absent. */
  auth?: AuthOptionsInput;
  /**
   * The clock of the client-data services (journey, calendar, survey, exercise, device-metrics,
   * analytics): what "now" and "today" are. The real clock when absent; the simulator moves it.
   */
  now?: () => Date;
  /**
   * The clients' write quotas (rates and daily ceilings, `clientRecords/writeQuotaOptions.ts`);
   * defaults when absent. Read per request, so a test may change them on a running server.
   */
  clientWriteQuotas?: ClientWriteQuotasInput;
  /**
   * How fast one account may read clients' data (`http/clientReadLimit.ts`); the product's
   * figures when absent. Read per request, so a test may change it on a running server.
   */
  clientReadLimit?: ClientReadLimit;
  /**
   * Key of the signed profile-picture URLs (see `resource/pictureUrls.ts`), derived from the JWT
   * key so every process of a deployment accepts the others' URLs. Without it a process makes its
   * own, and its URLs only work on it.
   */
  pictureUrlKey?: Uint8Array;
  /**
   * The report renderers' worker pool (size, queue, job timeout; tests give a worker of their
   * own); defaults when absent (see `resource/reports/routes.ts`).
   */
  reports?: Partial<WorkerPoolOptions>;
  /**
   * How many reports a coach may generate in a sliding window (`resource/reports/reportQuota.ts`);
   * the product's figures (domain's reportLimits) when absent. Read per request.
   */
  reportQuota?: Partial<ReportQuota>;
  /** The live event streams' timings and caps (`analytics/liveHub.ts`); defaults when absent. */
  liveEvents?: Partial<LiveEventOptions>;
  /**
   * Most bytes of clients-list answers a process keeps (`analytics/listAnswers.ts`; 32 MB when
   * absent); 0 keeps none, every list is made (the benchmark measures both).
   */
  listAnswerBytes?: number;
};

/** The current time of a service context (see {@link ServiceContext.now}). */
export function nowOf(context: ServiceContext): Date {
  return context.now ? context.now() : new Date();
}

/** A service: a Fastify plugin registered under `/api/<service>`. */
export type ServicePlugin = (app: FastifyInstance, context: ServiceContext) => Promise<void>;
