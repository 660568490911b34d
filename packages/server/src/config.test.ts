import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceNames } from '@coach/api';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  checkMailSetup,
  defaultMailFrom,
  fastifyTrustProxy,
  loadJwtSecret,
  readConfig,
} from './config.ts';
import { defaultHttpLimits } from './http/limits.ts';

describe('readConfig: mail, links, CORS, services and demo seeding', () => {
  it('has working defaults', () => {
    const config = readConfig({ PORT: '9090' });
    expect(config).toMatchObject({
      jwtSecret: null,
      smtpUrl: null,
      mailFrom: defaultMailFrom,
      appUrl: 'http://localhost:9090',
      corsOrigins: [],
      services: [...serviceNames],
      demoSeed: true,
    });
    expect(defaultMailFrom).toBe('Coach <no-reply@coach.local>');
  });

  it('reads every setting', () => {
    const config = readConfig({
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'Coaching <hello@example.com>',
      APP_URL: 'https://coach.example.com/',
      CORS_ORIGINS: 'https://coach.example.com, http://localhost:5173',
      SERVICES: 'auth, account,resource',
      DATABASE_URL: 'postgres://coach@db:5432/coach',
    });
    expect(config).toMatchObject({
      jwtSecret: 'x'.repeat(32),
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      mailFrom: 'Coaching <hello@example.com>',
      appUrl: 'https://coach.example.com',
      corsOrigins: ['https://coach.example.com', 'http://localhost:5173'],
      services: ['auth', 'account', 'resource'],
      // Off by default with a PostgreSQL server.
      demoSeed: false,
    });
  });

  it('never seeds the demo accounts with NODE_ENV=production, and refuses DEMO_SEED=1 there', () => {
    expect(readConfig({ NODE_ENV: 'production' }).demoSeed).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', DEMO_SEED: '0' }).demoSeed).toBe(false);
    expect(() => readConfig({ NODE_ENV: 'production', DEMO_SEED: '1' })).toThrow(
      'DEMO_SEED=1 is refused with NODE_ENV=production: the demo accounts have published passwords',
    );
    expect(readConfig({ NODE_ENV: 'development' }).demoSeed).toBe(true);
  });

  it('asks coaches for a second sign-in factor only with REQUIRE_MFA=1', () => {
    expect(readConfig({}).isSecondFactorRequired).toBe(false);
    expect(readConfig({ REQUIRE_MFA: '1' }).isSecondFactorRequired).toBe(true);
    expect(readConfig({ REQUIRE_MFA: '0' }).isSecondFactorRequired).toBe(false);
    expect(() => readConfig({ REQUIRE_MFA: 'maybe' })).toThrow(
      "REQUIRE_MFA must be 1/true or 0/false, got 'maybe'",
    );
  });

  it('ticks the morning mail every minute unless MORNING_MAIL_TICK_SECONDS says otherwise', () => {
    expect(readConfig({}).morningMailTickSeconds).toBe(60);
    expect(readConfig({}).isMorningMailOn).toBe(true);
    expect(readConfig({ MORNING_MAIL: '0' }).isMorningMailOn).toBe(false);
    expect(readConfig({ MORNING_MAIL_TICK_SECONDS: '5' }).morningMailTickSeconds).toBe(5);
    expect(() => readConfig({ MORNING_MAIL_TICK_SECONDS: '0' })).toThrow(
      "MORNING_MAIL_TICK_SECONDS must be a whole number of seconds from 1 to 3600, got '0'",
    );
  });

  it('runs on the real clock unless a test sets COACH_TEST_NOW, which production refuses', () => {
    expect(readConfig({}).testNow).toBeNull();
    expect(readConfig({ COACH_TEST_NOW: '2026-11-24T07:00:05Z' }).testNow).toEqual(
      new Date('2026-11-24T07:00:05Z'),
    );
    expect(() => readConfig({ COACH_TEST_NOW: 'tomorrow' })).toThrow(
      "COACH_TEST_NOW must be an ISO instant such as 2026-11-24T07:00:00Z, got 'tomorrow'",
    );
    expect(() =>
      readConfig({ NODE_ENV: 'production', COACH_TEST_NOW: '2026-11-24T07:00:05Z' }),
    ).toThrow('COACH_TEST_NOW is refused with NODE_ENV=production: it is for tests only');
  });

  it('caps connections and requests per address unless PER_ADDRESS_LIMITS=0 (load tests)', () => {
    expect(readConfig({}).http?.maxConnectionsPerAddress).toBeUndefined();
    expect(readConfig({ PER_ADDRESS_LIMITS: '0' }).http).toMatchObject({
      maxConnectionsPerAddress: Number.POSITIVE_INFINITY,
      maxAtWorkPerAddress: Number.POSITIVE_INFINITY,
      maxWaitingPerAddress: Number.POSITIVE_INFINITY,
    });
  });

  it('opens 5 PostgreSQL connections a process unless DATABASE_POOL_SIZE says, and admits twice that', () => {
    expect(readConfig({})).toMatchObject({
      poolSize: 5,
      http: { maxRequestsAtWork: 10, maxSignInAtWork: 3 },
    });
    expect(readConfig({ DATABASE_POOL_SIZE: '20' })).toMatchObject({
      poolSize: 20,
      http: { maxRequestsAtWork: 40, maxSignInAtWork: 12 },
    });
    // The defaults of a server started without `readConfig` (tests, tools) are the same.
    expect(defaultHttpLimits).toMatchObject({ maxRequestsAtWork: 10, maxSignInAtWork: 3 });
  });

  it("limits each account's reads of clients' data unless CLIENT_READ_LIMIT=0 (load tests)", () => {
    expect(readConfig({}).hasClientReadLimit).toBe(true);
    expect(readConfig({ CLIENT_READ_LIMIT: '0' }).hasClientReadLimit).toBe(false);
    expect(() => readConfig({ CLIENT_READ_LIMIT: 'maybe' })).toThrow(/CLIENT_READ_LIMIT/);
  });

  it("holds clients' writes to their quotas unless CLIENT_WRITE_QUOTAS=0 (load tests)", () => {
    expect(readConfig({}).hasClientWriteQuotas).toBe(true);
    expect(readConfig({ CLIENT_WRITE_QUOTAS: '0' }).hasClientWriteQuotas).toBe(false);
    expect(() => readConfig({ CLIENT_WRITE_QUOTAS: 'maybe' })).toThrow(/CLIENT_WRITE_QUOTAS/);
  });

  it('logs short lines outside production and JSON lines in production, unless LOG_FORMAT says', () => {
    expect(readConfig({}).logFormat).toBe('short');
    expect(readConfig({ NODE_ENV: 'development' }).logFormat).toBe('short');
    expect(
      readConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/coach' }).logFormat,
    ).toBe('json');
    expect(readConfig({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(
      readConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/coach',
        LOG_FORMAT: 'short',
      }).logFormat,
    ).toBe('short');
    expect(() => readConfig({ LOG_FORMAT: 'pretty' })).toThrow(
      "LOG_FORMAT must be json or short, got 'pretty'",
    );
  });

  it('keeps no metrics unless METRICS_PORT is set, and serves them on loopback unless METRICS_HOST says', () => {
    expect(readConfig({}).metrics).toBeNull();
    expect(readConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(readConfig({ METRICS_PORT: ' 9464 ', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('reads DEMO_SEED as 1/true or 0/false', () => {
    expect(readConfig({ DEMO_SEED: '1', DATABASE_URL: 'postgres://db/coach' }).demoSeed).toBe(true);
    expect(readConfig({ DEMO_SEED: 'true' }).demoSeed).toBe(true);
    expect(readConfig({ DEMO_SEED: '0' }).demoSeed).toBe(false);
    expect(readConfig({ DEMO_SEED: 'false' }).demoSeed).toBe(false);
  });

  const bad: [string, Record<string, string>, string][] = [
    [
      'a short JWT_SECRET',
      { JWT_SECRET: 'too-short' },
      'JWT_SECRET must be at least 32 characters long (it has 9); leave it unset to have one generated in DATA_DIR/jwt-secret',
    ],
    [
      'an SMTP_URL that is no URL',
      { SMTP_URL: 'mail server' },
      'SMTP_URL is not a valid URL; expected smtp://user:password@host:587',
    ],
    [
      'an SMTP_URL of another protocol',
      { SMTP_URL: 'http://user:secret@mail' },
      "SMTP_URL must start with smtp:// or smtps://, got 'http://'",
    ],
    [
      'a MAIL_FROM without an address',
      { MAIL_FROM: 'Coach' },
      "MAIL_FROM must be an address such as 'Coach <no-reply@coach.local>' or 'no-reply@example.com', got 'Coach'",
    ],
    [
      'an APP_URL that is not http',
      { APP_URL: 'ftp://coach.example.com' },
      "APP_URL must be an http:// or https:// URL such as 'https://coach.example.com', got 'ftp://coach.example.com'",
    ],
    [
      'a CORS origin with a path',
      { CORS_ORIGINS: 'https://coach.example.com/app' },
      "CORS_ORIGINS must list origins such as 'https://coach.example.com' (scheme, host and port only), got 'https://coach.example.com/app'",
    ],
    [
      'a CORS wildcard',
      { CORS_ORIGINS: '*' },
      "CORS_ORIGINS must list origins such as 'https://coach.example.com' (scheme, host and port only), got '*'",
    ],
    [
      'an unknown service',
      { SERVICES: 'auth,billing,chat' },
      "SERVICES names unknown services: 'billing', 'chat'; known: auth, account, survey, exercise, journey, calendar, device-metrics, analytics, resource, messaging, notes",
    ],
    [
      'a DEMO_SEED that is no flag',
      { DEMO_SEED: 'maybe' },
      "DEMO_SEED must be 1/true or 0/false, got 'maybe'",
    ],
    [
      'a METRICS_PORT that is no port',
      { METRICS_PORT: '99999' },
      "METRICS_PORT must be an integer between 1 and 65535, got '99999'",
    ],
    [
      "a METRICS_PORT that is the API's",
      { PORT: '8080', METRICS_PORT: '8080' },
      "METRICS_PORT must differ from PORT (8080): the metrics are never served on the API's port",
    ],
    [
      'a METRICS_HOST that is a name',
      { METRICS_PORT: '9464', METRICS_HOST: 'metrics.example.com' },
      "METRICS_HOST must be an IP address (such as 127.0.0.1 or 0.0.0.0) or localhost, got 'metrics.example.com'",
    ],
    [
      'a DATABASE_POOL_SIZE of no connections',
      { DATABASE_POOL_SIZE: '0' },
      "DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100, got '0'",
    ],
    [
      'a DATABASE_POOL_SIZE that is no number',
      { DATABASE_POOL_SIZE: 'ten' },
      "DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100, got 'ten'",
    ],
    [
      'a METRICS_HOST without METRICS_PORT',
      { METRICS_HOST: '0.0.0.0' },
      'METRICS_HOST is set but METRICS_PORT is not: set the port to serve metrics',
    ],
  ];
  for (const [name, env, message] of bad) {
    it(`stops with a clear message on ${name}`, () => {
      expect(() => readConfig(env)).toThrow(message);
    });
  }

  it('never repeats the password of a bad SMTP_URL', () => {
    expect(() => readConfig({ SMTP_URL: 'ftp://user:hunter2@mail' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('loadJwtSecret', () => {
  it('uses JWT_SECRET when set', () => {
    const { secret, source } = loadJwtSecret({ jwtSecret: 'y'.repeat(40), dataDir: '/nowhere' });
    expect(source).toBe('environment');
    expect(new TextDecoder().decode(secret)).toBe('y'.repeat(40));
  });

  it('generates a secret once in DATA_DIR/jwt-secret (mode 0600) and reuses it', () => {
    const root = mkdtempSync(join(tmpdir(), 'coach-config-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const dataDir = join(root, 'data');
    const first = loadJwtSecret({ jwtSecret: null, dataDir });
    expect(first.source).toBe('generated');
    expect(first.secret.byteLength).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadJwtSecret({ jwtSecret: null, dataDir });
    expect(second.source).toBe('file');
    expect(Buffer.from(second.secret).equals(Buffer.from(first.secret))).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(new TextDecoder().decode(first.secret));
  });

  it('stops with a clear message when the kept secret is too short', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coach-config-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    writeFileSync(join(dataDir, 'jwt-secret'), 'short\n');
    expect(() => loadJwtSecret({ jwtSecret: null, dataDir })).toThrow(
      `The JWT secret in ${join(dataDir, 'jwt-secret')} is shorter than 32 characters; delete the file to have a new one generated`,
    );
  });
});

describe('readConfig: TRUST_PROXY', () => {
  it('trusts no proxy by default, nor when turned off', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    for (const value of ['', '0', 'false', 'off']) {
      expect(readConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
    }
  });

  it('reads a hop count', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
  });

  it('reads a list of addresses and CIDR ranges', () => {
    expect(
      readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,2001:db8::/32, loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.0.2.10', '2001:db8::/32', 'loopback']);
  });

  const bad: [string, string, string][] = [
    ['true', 'true', "TRUST_PROXY='true' would trust every sender's X-Forwarded-For"],
    ['a wildcard', '*', "TRUST_PROXY='*' would trust every sender's X-Forwarded-For"],
    ['a host name', 'lb.internal', "not an address or range: 'lb.internal'"],
    ['a prefix too long', '10.0.0.0/33', "not an address or range: '10.0.0.0/33'"],
    ['a bad IPv6 prefix', '2001:db8::/129', "not an address or range: '2001:db8::/129'"],
    ['a negative count', '-1', "not an address or range: '-1'"],
  ];
  for (const [name, value, message] of bad) {
    it(`stops with a clear message on ${name}`, () => {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(message);
    });
  }

  it('hands Fastify a hop count as the function it makes of one', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

describe('checkMailSetup', () => {
  const database = 'postgres://coach@db:5432/coach';

  it('refuses PostgreSQL without SMTP_URL outside demo mode: codes would go to the logs', () => {
    expect(() => checkMailSetup(readConfig({ DATABASE_URL: database }))).toThrow(
      'SMTP_URL is required with DATABASE_URL',
    );
  });

  it('warns on PostgreSQL without SMTP_URL in demo mode', () => {
    const { warning } = checkMailSetup(readConfig({ DATABASE_URL: database, DEMO_SEED: '1' }));
    expect(warning).toContain('printed to this console');
  });

  it('is quiet with SMTP_URL, and on the embedded database', () => {
    const smtp = 'smtp://mail.internal:587';
    expect(checkMailSetup(readConfig({ DATABASE_URL: database, SMTP_URL: smtp })).warning).toBe(
      null,
    );
    expect(checkMailSetup(readConfig({})).warning).toBe(null);
  });
});
