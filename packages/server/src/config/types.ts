import { resolve } from 'node:path';
import type { ServiceName } from '@coach/api';
import type { DatabaseConfig } from '../db/databaseConfig.ts';
import type { TrustProxy } from '../http/clientAddress.ts';
import type { HttpLimits } from '../http/limits.ts';

// The configuration's shape and its defaults.

export type ServerConfig = {
  port: number;
  host: string;
  /** Folder of the web front end served beside `/api`, or null to serve the API only. */
  staticDir: string | null;
  /**
   * Whether the strict Content-Security-Policy (no inline scripts) also covers the front end. The
   * coach app needs nothing more, so it is always on for `readConfig`; a front end that needs
   * inline scripts (a Storybook build) would be served with it off.
   */
  isFrontendCspStrict: boolean;
  /** Origins allowed to call the API from a browser (`CORS_ORIGINS`); none when absent. */
  corsOrigins?: readonly string[];
  /**
   * Which proxies' `X-Forwarded-For` is believed for the client address (`TRUST_PROXY`): off
   * (the socket's peer is the client), a hop count, or the proxies' addresses and CIDR ranges.
   */
  trustProxy?: TrustProxy;
  /** Limits on connections, request timing and admission beside the defaults (see limits.ts). */
  http?: Partial<HttpLimits>;
};

/** What the process needs beyond the HTTP server and the database. */
export type RuntimeConfig = {
  /** `JWT_SECRET`, or null to use (and create once) `DATA_DIR/jwt-secret`. */
  jwtSecret: string | null;
  /** nodemailer SMTP URL (`SMTP_URL`), or null for the outbox folder (`DATA_DIR/outbox`). */
  smtpUrl: string | null;
  /** Sender of every mail (`MAIL_FROM`). */
  mailFrom: string;
  /** Base address of the coach app, for links in mails (`APP_URL`), without a trailing slash. */
  appUrl: string;
  /** The services this process hosts (`SERVICES`); all by default. */
  services: readonly ServiceName[];
  /**
   * Whether clients' writes are held to their quotas (`CLIENT_WRITE_QUOTAS`, on by default; see
   * services/clientRecords/quotas.ts). Load tests turn it off.
   */
  hasClientWriteQuotas: boolean;
  /**
   * Whether each account's reads of clients' data are limited (`CLIENT_READ_LIMIT`, on by default;
   * see services/clientRecords/clientReadLimit.ts). Load tests turn it off.
   */
  hasClientReadLimit: boolean;
  /**
   * Whether the demo accounts (published passwords) are seeded at start (`DEMO_SEED`): on by
   * default on the embedded database, off with DATABASE_URL, and never with NODE_ENV=production.
   */
  demoSeed: boolean;
  /** Lifetime of the access tokens in seconds (`ACCESS_TOKEN_TTL_SECONDS`), 1 to 900; 900 by default. */
  accessTokenTtlSeconds: number;
  /**
   * How the log reads (`LOG_FORMAT`): `json`, one JSON object per line for a log collector (the
   * default with NODE_ENV=production), or `short`, a line a person reads per API request (the
   * default otherwise: a demo, development).
   */
  logFormat: LogFormat;
  /**
   * Whether every coach must have a second sign-in factor (`REQUIRE_MFA`, off by default): a
   * password sign-in without one may only enrol one, and the last one can not be removed
   * (decision 73).
   */
  isSecondFactorRequired: boolean;
  /**
   * Whether this process sends the morning attention mail (`MORNING_MAIL`, on by default). Test
   * harnesses turn it off, so that no 07:00 mail lands among the mail a test waits for.
   */
  isMorningMailOn: boolean;
  /** How often the morning attention mail looks for due mail (`MORNING_MAIL_TICK_SECONDS`, 60). */
  morningMailTickSeconds: number;
  /**
   * Tests only (`COACH_TEST_NOW`, an ISO instant): the client-data services' clock, the morning
   * mail's included, stands still at this instant, so an end-to-end test can put the product at
   * 07:00 in a coach's zone. Null (the real clock) unless set; refused with NODE_ENV=production.
   */
  testNow: Date | null;
  /**
   * Where the metrics are served in Prometheus' text format (`METRICS_PORT`, `METRICS_HOST`,
   * 127.0.0.1 by default), a port apart from the API's; null (no metrics kept) when unset.
   */
  metrics: { port: number; host: string } | null;
};

/** See `RuntimeConfig.logFormat`. */
export const logFormats = ['json', 'short'] as const;
export type LogFormat = (typeof logFormats)[number];

/** The full configuration `readConfig` answers. */
export type Config = ServerConfig & DatabaseConfig & RuntimeConfig;

export const defaultMailFrom = 'Coach <no-reply@coach.local>';

/** Shortest `JWT_SECRET` accepted, in characters. */
export const minJwtSecretLength = 32;

/** The organisation of demo mode and of any deployment that sets no `ORGANISATION_ID`. */
export const defaultOrganisationId = '00000000-0000-4000-8000-000000000001';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** The coach app's production build, served by default once it is built (`npm start` builds it). */
export const defaultStaticDir = resolve(repoRoot, 'packages/app/dist');

/** Longest access-token lifetime, in seconds (15 minutes). */
export const maxAccessTokenTtlSeconds = 900;

/** `PER_ADDRESS_LIMITS=0`: no cap on one address's connections and requests (see limits.ts). */
export const withoutPerAddressLimits = {
  maxConnectionsPerAddress: Number.POSITIVE_INFINITY,
  maxAtWorkPerAddress: Number.POSITIVE_INFINITY,
  maxWaitingPerAddress: Number.POSITIVE_INFINITY,
} as const;
