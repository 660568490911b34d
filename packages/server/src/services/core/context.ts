import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/index.ts';
import type { AccessTokens } from '../../http/accessTokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailOutboxOptions } from '../../mail/outbox.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import type { Tracing } from '../../tracing/index.ts';

/**
 * The settings of each service, by name: empty here, each service declares its own by augmenting
 * this interface (`declare module '../core/context.ts'`), so the context knows no service's types
 * and a service's settings live beside the code that reads them. The host (start.ts, the test
 * server) gives them with the context; each is optional, its service's defaults when absent.
 */
// biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface.
// biome-ignore lint/suspicious/noEmptyInterface: the services fill it by augmentation.
export interface ServiceSettings {}

/** Everything a service needs from the process that hosts it. */
export type ServiceContext = ServiceSettings & {
  database: DatabaseHandle;
  organisationId: string;
  accessTokens: AccessTokens;
  /** preHandler: 401 unless the request carries a valid access token; sets `request.auth`. */
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  mailer: Mailer;
  /** The mail outbox's retries and timings (`mail/outbox.ts`); defaults when absent. */
  mailOutbox?: Partial<MailOutboxOptions>;
  /** Base address of the coach app, for links in mails (`APP_URL`). */
  appUrl: string;
  /**
   * The clock of the client-data services (journey, calendar, survey, exercise, device-metrics,
   * analytics): what "now" and "today" are. The real clock when absent; the simulator moves it.
   */
  now?: () => Date;
  /**
   * Key of the signed profile-picture URLs (see `core/pictureUrls.ts`), derived from the JWT key so
   * every process of a deployment accepts the others' URLs. Without it a process makes its own,
   * and its URLs only work on it.
   */
  pictureUrlKey?: Uint8Array;
  /**
   * The process's metrics (`METRICS_PORT`); none when absent. A service registers its own family
   * there (`metrics.register`), declared beside the code that feeds it.
   */
  metrics?: Metrics;
  /** The process's traces (OTEL_EXPORTER_OTLP_ENDPOINT): mail sends and PDF renders as spans. */
  tracing?: Tracing;
};

/** The current time of a service context (see {@link ServiceContext.now}). */
export function nowOf(context: ServiceContext): Date {
  return context.now ? context.now() : new Date();
}

/** A service: a Fastify plugin registered under `/api/<service>`. */
export type ServicePlugin = (app: FastifyInstance, context: ServiceContext) => Promise<void>;
