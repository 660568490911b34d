import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { type ServiceName, serviceNames } from '@coach/api';
import { checkDatabaseUrl, defaultPoolSize } from '../db/databaseConfig.ts';
import type { TrustProxy } from '../http/clientAddress.ts';
import { admissionForPool } from '../http/limits.ts';
import {
  type Config,
  defaultMailFrom,
  defaultOrganisationId,
  defaultStaticDir,
  type LogFormat,
  logFormats,
  maxAccessTokenTtlSeconds,
  minJwtSecretLength,
  withoutPerAddressLimits,
} from './types.ts';

// The readers of the environment's variables: each checks its variable and says clearly what is
// wrong with it.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const poolSize = readPoolSize(env.DATABASE_POOL_SIZE);
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
    http: {
      // Requests at work follow the database pool.
      ...admissionForPool(poolSize),
      // Load tests from one machine are many clients at one address: they turn the caps off.
      ...(readFlag('PER_ADDRESS_LIMITS', env.PER_ADDRESS_LIMITS, true)
        ? {}
        : withoutPerAddressLimits),
    },
    services: readServices(env.SERVICES),
    hasClientWriteQuotas: readFlag('CLIENT_WRITE_QUOTAS', env.CLIENT_WRITE_QUOTAS, true),
    hasClientReadLimit: readFlag('CLIENT_READ_LIMIT', env.CLIENT_READ_LIMIT, true),
    demoSeed: readDemoSeed(env, databaseUrl),
    accessTokenTtlSeconds: readAccessTokenTtl(env.ACCESS_TOKEN_TTL_SECONDS),
    logFormat: readLogFormat(env),
    isSecondFactorRequired: readFlag('REQUIRE_MFA', env.REQUIRE_MFA, false),
    isMorningMailOn: readFlag('MORNING_MAIL', env.MORNING_MAIL, true),
    morningMailTickSeconds: readMorningMailTick(env.MORNING_MAIL_TICK_SECONDS),
    testNow: readTestNow(env),
    metrics: readMetricsAddress(env, port),
    port,
    host: env.HOST || '0.0.0.0',
    // The default folder only once the app is built (`npm start` builds it): the API alone before.
    staticDir: env.STATIC_DIR || existsSync(join(staticDir, 'index.html')) ? staticDir : null,
    isFrontendCspStrict: true,
    // Relative to the working directory of the process, like any path given on a command line.
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl,
    organisationId,
    poolSize,
  };
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
function checkSmtpUrl(url: string): URL {
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

/** The most PostgreSQL connections `DATABASE_POOL_SIZE` may ask of one process. */
const maxPoolSize = 100;

/** `DATABASE_POOL_SIZE`: the PostgreSQL connections of this process (see `defaultPoolSize`). */
function readPoolSize(value: string | undefined): number {
  return readWholeNumber('DATABASE_POOL_SIZE', value, 'connections', maxPoolSize, defaultPoolSize);
}

/** `ACCESS_TOKEN_TTL_SECONDS`: whole seconds, 1 to 900 (shorter lifetimes are for tests). */
function readAccessTokenTtl(value: string | undefined): number {
  return readWholeNumber(
    'ACCESS_TOKEN_TTL_SECONDS',
    value,
    'seconds',
    maxAccessTokenTtlSeconds,
    maxAccessTokenTtlSeconds,
  );
}

/**
 * Variable `name`: a whole number of `unit` from 1 to `max`, or `fallback` when unset; a clear
 * message otherwise.
 */
function readWholeNumber(
  name: string,
  value: string | undefined,
  unit: string,
  max: number,
  fallback: number,
): number {
  const text = value?.trim();
  if (!text) return fallback;
  const amount = Number(text);
  if (!Number.isInteger(amount) || amount < 1 || amount > max) {
    throw new Error(`${name} must be a whole number of ${unit} from 1 to ${max}, got '${value}'`);
  }
  return amount;
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

/**
 * `METRICS_PORT` (1 to 65535, not the API's `PORT`) and `METRICS_HOST` (an IP address or
 * `localhost`; 127.0.0.1 by default, so that only this machine reads them unless an operator says
 * otherwise); no metrics without a port.
 */
function readMetricsAddress(
  env: NodeJS.ProcessEnv,
  apiPort: number,
): { port: number; host: string } | null {
  const portText = env.METRICS_PORT?.trim();
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  if (!portText) {
    if (env.METRICS_HOST?.trim()) {
      throw new Error('METRICS_HOST is set but METRICS_PORT is not: set the port to serve metrics');
    }
    return null;
  }
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(
      `METRICS_PORT must be an integer between 1 and 65535, got '${env.METRICS_PORT}'`,
    );
  }
  if (port === apiPort) {
    throw new Error(
      `METRICS_PORT must differ from PORT (${apiPort}): the metrics are never served on the API's port`,
    );
  }
  if (host !== 'localhost' && isIP(host) === 0) {
    throw new Error(
      `METRICS_HOST must be an IP address (such as 127.0.0.1 or 0.0.0.0) or localhost, got '${env.METRICS_HOST}'`,
    );
  }
  return { port, host };
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
