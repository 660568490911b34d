import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { type ServiceName, serviceNames } from '@coach/api';
import type { TrustProxy } from './http/clientAddress.ts';
import type { HttpLimits } from './http/limits.ts';

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

/** Where the data lives (see `openDatabase`). */
export type DatabaseConfig = {
  /** Folder of the server's own files (the embedded PGlite database among them). */
  dataDir: string;
  /** A `postgres://` URL of a PostgreSQL server, or null for the embedded PGlite database. */
  databaseUrl: string | null;
  /** The one organisation this deployment serves; every row carries it. */
  organisationId: string;
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
   * services/clientRecords/writeQuotaOptions.ts). Load tests turn it off.
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const repoRoot = resolve(import.meta.dirname, '../../..');

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

/** Reads the configuration from the environment; throws a clear message when it is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${env.PORT}'`);
  }
  const staticDir = env.STATIC_DIR ? resolve(env.STATIC_DIR) : defaultStaticDir;
  if (env.STATIC_DIR && !existsSync(staticDir)) {
    throw new Error(`STATIC_DIR '${env.STATIC_DIR}' does not exist`);
  }
  const organisationId = env.ORGANISATION_ID
    ? env.ORGANISATION_ID.trim().toLowerCase()
    : defaultOrganisationId;
  if (!uuidPattern.test(organisationId)) {
    throw new Error(
      `ORGANISATION_ID must be a UUID such as '${defaultOrganisationId}', got '${env.ORGANISATION_ID}'`,
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl) checkDatabaseUrl(databaseUrl);
  const jwtSecret = env.JWT_SECRET ? env.JWT_SECRET : null;
  if (jwtSecret !== null && jwtSecret.length < minJwtSecretLength) {
    throw new Error(
      `JWT_SECRET must be at least ${minJwtSecretLength} characters long (it has ${jwtSecret.length}); ` +
        'leave it unset to have one generated in DATA_DIR/jwt-secret',
    );
  }
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl) checkSmtpUrl(smtpUrl);
  const mailFrom = env.MAIL_FROM?.trim() || defaultMailFrom;
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(mailFrom)) {
    throw new Error(
      `MAIL_FROM must be an address such as '${defaultMailFrom}' or 'no-reply@example.com', got '${mailFrom}'`,
    );
  }
  return {
    jwtSecret,
    smtpUrl,
    mailFrom,
    appUrl: readAppUrl(env.APP_URL, port),
    corsOrigins: readCorsOrigins(env.CORS_ORIGINS),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    // Load tests from one machine are many clients at one address: they turn the caps off.
    ...(readFlag('PER_ADDRESS_LIMITS', env.PER_ADDRESS_LIMITS, true)
      ? {}
      : { http: withoutPerAddressLimits }),
    services: readServices(env.SERVICES),
    hasClientWriteQuotas: readFlag('CLIENT_WRITE_QUOTAS', env.CLIENT_WRITE_QUOTAS, true),
    hasClientReadLimit: readFlag('CLIENT_READ_LIMIT', env.CLIENT_READ_LIMIT, true),
    demoSeed: readDemoSeed(env, databaseUrl),
    accessTokenTtlSeconds: readAccessTokenTtl(env.ACCESS_TOKEN_TTL_SECONDS),
    logFormat: readLogFormat(env),
    isMorningMailOn: readFlag('MORNING_MAIL', env.MORNING_MAIL, true),
    morningMailTickSeconds: readMorningMailTick(env.MORNING_MAIL_TICK_SECONDS),
    testNow: readTestNow(env),
    port,
    host: env.HOST || '0.0.0.0',
    // The default folder only once the app is built (`npm start` builds it): the API alone before.
    staticDir: env.STATIC_DIR || existsSync(join(staticDir, 'index.html')) ? staticDir : null,
    isFrontendCspStrict: true,
    // Relative to the working directory of the process, like any path given on a command line.
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl,
    organisationId,
  };
}

/**
 * Throws a clear message when `url` is not a usable PostgreSQL URL. The message never repeats the
 * URL itself, which may hold a password.
 */
export function checkDatabaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(
      `DATABASE_URL must start with postgres:// or postgresql://, got '${parsed.protocol}//'`,
    );
  }
  if (!parsed.hostname && !parsed.searchParams.get('host')) {
    throw new Error(
      'DATABASE_URL names no host; expected postgres://user:password@host:5432/database',
    );
  }
  return parsed;
}

/**
 * Whether the server may start with this mail set-up. Without `SMTP_URL`, reset codes and invite
 * links go to the console: fine for a demo, a leak of sign-in secrets into the logs of a real
 * deployment. So on PostgreSQL (a real deployment) without SMTP, the server refuses to start
 * unless demo seeding is on, and then it warns. The embedded PGlite database is the demo set-up
 * that prints codes by design (README).
 */
export function checkMailSetup(config: Pick<Config, 'databaseUrl' | 'smtpUrl' | 'demoSeed'>): {
  warning: string | null;
} {
  if (config.smtpUrl || !config.databaseUrl) return { warning: null };
  if (!config.demoSeed) {
    throw new Error(
      'SMTP_URL is required with DATABASE_URL: without it, password-reset codes and invite links ' +
        'would be printed to the console. Set SMTP_URL (or DEMO_SEED=1 for a demo).',
    );
  }
  return {
    warning:
      'SMTP_URL is not set: password-reset codes and invite links are printed to this console. ' +
      'Demo use only: set SMTP_URL for real users.',
  };
}

/** Throws a clear message when `url` is not an SMTP URL; never repeats it (it may hold a password). */
export function checkSmtpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMTP_URL is not a valid URL; expected smtp://user:password@host:587');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got '${parsed.protocol}//'`);
  }
  if (!parsed.hostname) {
    throw new Error('SMTP_URL names no host; expected smtp://user:password@host:587');
  }
  return parsed;
}

function readAppUrl(value: string | undefined, port: number): string {
  const text = value?.trim();
  if (!text) return `http://localhost:${port}`;
  let parsed: URL | null = null;
  try {
    parsed = new URL(text);
  } catch {
    // Reported below.
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(
      `APP_URL must be an http:// or https:// URL such as 'https://coach.example.com', got '${text}'`,
    );
  }
  return text.replace(/\/+$/, '');
}

/** `CORS_ORIGINS`: a comma-separated list of origins (scheme, host and port, no path). */
function readCorsOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return origins.map((origin) => {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // Reported below.
    }
    if (
      !parsed ||
      (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
      parsed.origin !== origin.replace(/\/$/, '')
    ) {
      throw new Error(
        `CORS_ORIGINS must list origins such as 'https://coach.example.com' (scheme, host and port only), got '${origin}'`,
      );
    }
    return parsed.origin;
  });
}

/**
 * `TrustProxy` as Fastify's option: a hop count becomes the function Fastify itself makes of a
 * number (its types leave numbers out).
 */
export function fastifyTrustProxy(
  value: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === false) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return [...value];
}

/** proxy-addr's names of address ranges, accepted in `TRUST_PROXY` lists. */
const trustProxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `TRUST_PROXY`: off when absent (or `0`/`false`/`off`); a whole number of proxy hops in front of
 * the server; or a comma-separated list of the proxies' addresses and CIDR ranges. `true` (trust
 * any sender) is refused: any client could then choose its address with a forged header.
 */
function readTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase();
  if (!text || ['0', 'false', 'no', 'off'].includes(text)) return false;
  const expected =
    "a number of proxy hops such as '1', or the proxies' addresses and CIDR ranges such as '10.0.0.0/8, 192.0.2.10'";
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (!Number.isSafeInteger(hops))
      throw new Error(`TRUST_PROXY must be ${expected}, got '${value}'`);
    return hops;
  }
  if (['true', 'yes', 'on', 'all', '*'].includes(text)) {
    throw new Error(
      `TRUST_PROXY='${value}' would trust every sender's X-Forwarded-For; give ${expected}`,
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY must be ${expected}; not an address or range: ${wrong.map((entry) => `'${entry}'`).join(', ')}`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (trustProxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

/** `SERVICES`: a comma-separated list of service names; all when absent. */
function readServices(value: string | undefined): ServiceName[] {
  if (value === undefined || value.trim() === '') return [...serviceNames];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(serviceNames as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `SERVICES names unknown services: ${unknown.map((name) => `'${name}'`).join(', ')}; known: ${serviceNames.join(', ')}`,
    );
  }
  return [...new Set(names)] as ServiceName[];
}

/** `ACCESS_TOKEN_TTL_SECONDS`: whole seconds, 1 to 900 (shorter lifetimes are for tests). */
function readAccessTokenTtl(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return maxAccessTokenTtlSeconds;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > maxAccessTokenTtlSeconds) {
    throw new Error(
      `ACCESS_TOKEN_TTL_SECONDS must be a whole number of seconds from 1 to ${maxAccessTokenTtlSeconds}, got '${value}'`,
    );
  }
  return seconds;
}

/**
 * `DEMO_SEED`: the demo accounts have passwords published in the README, so anyone could sign in
 * with them. With NODE_ENV=production they are never made: off by default, and DEMO_SEED=1 is
 * refused rather than quietly ignored.
 */
function readDemoSeed(env: NodeJS.ProcessEnv, databaseUrl: string | null): boolean {
  const demoSeed = readFlag('DEMO_SEED', env.DEMO_SEED, databaseUrl === null && !isProduction(env));
  if (demoSeed && isProduction(env)) {
    throw new Error(
      'DEMO_SEED=1 is refused with NODE_ENV=production: the demo accounts have published ' +
        'passwords. Unset DEMO_SEED (or set DEMO_SEED=0), or unset NODE_ENV for a demo.',
    );
  }
  return demoSeed;
}

function isProduction(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV?.trim().toLowerCase() === 'production';
}

function readLogFormat(env: NodeJS.ProcessEnv): LogFormat {
  const text = env.LOG_FORMAT?.trim().toLowerCase();
  if (!text) return isProduction(env) ? 'json' : 'short';
  const format = logFormats.find((name) => name === text);
  if (!format) throw new Error(`LOG_FORMAT must be json or short, got '${env.LOG_FORMAT}'`);
  return format;
}

/** `MORNING_MAIL_TICK_SECONDS`: 1 to 3600 whole seconds, 60 by default. */
function readMorningMailTick(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return 60;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(
      `MORNING_MAIL_TICK_SECONDS must be a whole number of seconds from 1 to 3600, got '${value}'`,
    );
  }
  return seconds;
}

/**
 * `COACH_TEST_NOW`: a clock that stands still is for tests only. With NODE_ENV=production it is
 * refused, like the demo accounts, so no deployment runs on it by mistake.
 */
function readTestNow(env: NodeJS.ProcessEnv): Date | null {
  const text = env.COACH_TEST_NOW?.trim();
  if (!text) return null;
  if (isProduction(env)) {
    throw new Error('COACH_TEST_NOW is refused with NODE_ENV=production: it is for tests only');
  }
  const instant = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(instant.getTime())) {
    throw new Error(
      `COACH_TEST_NOW must be an ISO instant such as 2026-11-24T07:00:00Z, got '${text}'`,
    );
  }
  return instant;
}

function readFlag(name: string, value: string | undefined, fallback: boolean): boolean {
  const text = value?.trim().toLowerCase();
  if (!text) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`${name} must be 1/true or 0/false, got '${value}'`);
}

/** The name of the generated JWT secret in `DATA_DIR`. */
export const jwtSecretFileName = 'jwt-secret';

/**
 * The key that signs access tokens: `JWT_SECRET` when set; otherwise the one kept in
 * `DATA_DIR/jwt-secret`, generated (48 random bytes, file mode 0600) on the first start and reused
 * afterwards. Every process of a deployment must share it: set JWT_SECRET when they do not share
 * DATA_DIR.
 */
export function loadJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): {
  secret: Uint8Array;
  source: 'environment' | 'file' | 'generated';
} {
  if (config.jwtSecret) {
    return { secret: new TextEncoder().encode(config.jwtSecret), source: 'environment' };
  }
  const file = join(config.dataDir, jwtSecretFileName);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx' fails if another process created it meanwhile: then that one is read below.
      writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      chmodSync(file, 0o600);
      return { secret: new TextEncoder().encode(readSecretFile(file)), source: 'generated' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(`Could not write the JWT secret to ${file}: ${(error as Error).message}`);
      }
    }
  }
  return { secret: new TextEncoder().encode(readSecretFile(file)), source: 'file' };
}

function readSecretFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`Could not read the JWT secret in ${file}: ${(error as Error).message}`);
  }
  if (text.length < minJwtSecretLength) {
    throw new Error(
      `The JWT secret in ${file} is shorter than ${minJwtSecretLength} characters; delete the file to have a new one generated`,
    );
  }
  return text;
}
