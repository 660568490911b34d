import { Counter, type Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile, signInForTest, type TestUser } from '../../test/auth.ts';
import { oneSampleBatch, openLiveStream } from '../../test/liveEvents.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { buildServer } from '../app.ts';
import { schema } from '../db/index.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { startMetricsServer } from './metricsServer.ts';

/** One sample line of Prometheus' text format: `name{label="value",...} number`. */
type Sample = { name: string; labels: Record<string, string>; value: number };

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key as string] = value as string;
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample named `name` that has these labels (among others), if there is one. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const profileRoute = '/api/analytics/clients/:clientId/profile';

describe('metrics', () => {
  let metrics: Metrics;
  let server: TestServer;
  let scraper: Awaited<ReturnType<typeof startMetricsServer>>;
  let metricsUrl: string;
  let token: string;
  let client: TestUser;
  let clientId: string;
  const coachEmail = 'metrics-coach@example.com';

  beforeAll(async () => {
    metrics = createMetrics();
    server = await startTestServer({
      metrics,
      // One address may hold one request at work and none waiting: a second at once is refused.
      config: { http: { maxAtWorkPerAddress: 1, maxWaitingPerAddress: 0 } },
      // A coach may hold two live streams.
      liveEvents: { maxStreamsPerCoach: 2 },
    });
    scraper = await startMetricsServer(metrics, { port: 0, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${scraper.port}/metrics`;
    const coach = await createUserWithProfile(server.database, {
      email: coachEmail,
      password: 'Coach123!',
      type: 'coach',
    });
    client = await createUserWithProfile(server.database, {
      email: 'metrics-client@example.com',
      password: 'Client123!',
      type: 'user',
      coachPersonId: coach.personId,
    });
    clientId = client.personId;
    token = await signInForTest(server, coach.userId);
  });
  afterAll(async () => {
    await scraper?.close();
    await server?.close();
  });

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    return parseSamples(await response.text());
  };
  const requestCount = (samples: Sample[], labels: Record<string, string>) =>
    sampleValue(samples, 'coach_http_request_duration_seconds_count', labels) ?? 0;
  /** A client's profile, as the signed-in coach asks for it. */
  const profileOf = (personId: string) =>
    callApi(server.baseUrl, 'GET', `/api/analytics/clients/${personId}/profile`, { token });
  const requestSeries = (samples: Sample[]) =>
    samples.filter((sample) => sample.name === 'coach_http_request_duration_seconds_count');

  it("counts each answered request under its route's template, method and status, never its address", async () => {
    const before = await scrape();
    for (let call = 0; call < 2; call++) {
      expect((await profileOf(clientId)).status).toBe(200);
    }
    expect((await profileOf(crypto.randomUUID())).status).toBe(404);

    const after = await scrape();
    const ok = { route: profileRoute, method: 'GET', status: '200' };
    const notFound = { route: profileRoute, method: 'GET', status: '404' };
    expect(requestCount(after, ok) - requestCount(before, ok)).toBe(2);
    expect(requestCount(after, notFound) - requestCount(before, notFound)).toBe(1);
    // The time is measured: the sum of seconds grows, the histogram's buckets count every call.
    expect(sampleValue(after, 'coach_http_request_duration_seconds_sum', ok)).toBeGreaterThan(0);
    expect(
      sampleValue(after, 'coach_http_request_duration_seconds_bucket', { ...ok, le: '+Inf' }),
    ).toBe(requestCount(after, ok));
    // No label holds an id or an email.
    for (const sample of after) {
      for (const value of Object.values(sample.labels)) {
        expect(value).not.toMatch(uuidPattern);
        expect(value).not.toContain('@');
      }
    }
  });

  it('keeps a bounded number of series whatever addresses and methods strangers send', async () => {
    const strangeCalls = (round: number) => [
      callApi(server.baseUrl, 'GET', `/api/nothing/${crypto.randomUUID()}?round=${round}`),
      callApi(server.baseUrl, 'GET', `/${crypto.randomUUID()}/${round}`),
      callApi(server.baseUrl, 'PURGE', `/api/analytics/clients/${crypto.randomUUID()}/profile`),
      profileOf(crypto.randomUUID()),
    ];
    await Promise.all(strangeCalls(0));
    const seriesAfterOne = requestSeries(await scrape()).length;
    for (let round = 1; round <= 20; round++) await Promise.all(strangeCalls(round));
    const after = await scrape();
    expect(requestSeries(after)).toHaveLength(seriesAfterOne);
    expect(
      requestCount(after, { route: 'unmatched', method: 'GET', status: '404' }),
    ).toBeGreaterThanOrEqual(42);
    expect(requestCount(after, { method: 'other' })).toBeGreaterThanOrEqual(21);
  });

  it("reports the admission gate's lanes and counts its refusals by reason", async () => {
    const before = await scrape();
    const gauge = (samples: Sample[], name: string, lane: string) =>
      sampleValue(samples, name, { lane });
    expect(gauge(before, 'coach_admission_at_work', 'general')).toBe(0);
    expect(gauge(before, 'coach_admission_waiting', 'signIn')).toBe(0);
    expect(gauge(before, 'coach_admission_max_at_work', 'general')).toBeGreaterThan(0);
    const refusals = (samples: Sample[], reason: string) =>
      sampleValue(samples, 'coach_admission_refusals_total', { reason });
    expect(refusals(before, 'queue_full')).toBe(0);

    // Twelve calls at once from one address that may hold one: the others are refused (429).
    const answers = await Promise.all(Array.from({ length: 12 }, () => profileOf(clientId)));
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(refused).toBeGreaterThan(0);
    const after = await scrape();
    expect((refusals(after, 'address_busy') ?? 0) - (refusals(before, 'address_busy') ?? 0)).toBe(
      refused,
    );
    expect(refusals(after, 'queue_full')).toBe(0);
  });

  it('reports the mail outbox: waiting, retrying, dead letters and the oldest wait', async () => {
    const figure = (samples: Sample[], name: string) => sampleValue(samples, name);
    const before = await scrape();
    expect(figure(before, 'coach_mail_outbox_pending')).toBe(0);
    expect(figure(before, 'coach_mail_outbox_dead')).toBe(0);
    expect(figure(before, 'coach_mail_outbox_oldest_pending_seconds')).toBe(0);

    // A mail queued an hour ago, retried once and due in an hour; another given up on.
    const mail = { recipient: 'someone@example.com', subject: 'Subject', text: 'Text' };
    await server.database.db.insert(schema.mailOutbox).values([
      {
        ...mail,
        organisationId: server.database.organisationId,
        createdAt: new Date(Date.now() - 3_600_000),
        attempts: 1,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
      {
        ...mail,
        organisationId: server.database.organisationId,
        attempts: 8,
        deadAt: new Date(),
      },
    ]);
    const after = await scrape();
    expect(figure(after, 'coach_mail_outbox_pending')).toBe(1);
    expect(figure(after, 'coach_mail_outbox_retrying')).toBe(1);
    expect(figure(after, 'coach_mail_outbox_dead')).toBe(1);
    const oldest = figure(after, 'coach_mail_outbox_oldest_pending_seconds') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(3_600);
    expect(oldest).toBeLessThan(3_700);
    // Nothing of what a mail says reaches the metrics.
    const text = await (await fetch(metricsUrl)).text();
    expect(text).not.toContain('someone@example.com');
  });

  it('counts the mails sent', async () => {
    const sent = (samples: Sample[]) => sampleValue(samples, 'coach_mail_sent_total') ?? 0;
    const before = await scrape();
    const mailsBefore = server.mailSink.received.length;
    const reset = await callApi(server.baseUrl, 'POST', '/api/auth/passwordReset/request', {
      body: { email: coachEmail },
    });
    expect(reset.status).toBe(202);
    await server.mailSink.waitFor(mailsBefore + 1);
    await expect.poll(async () => sent(await scrape()) - sent(before)).toBe(1);
    expect(sampleValue(await scrape(), 'coach_mail_send_failures_total', { outcome: 'dead' })).toBe(
      0,
    );
  });

  it('counts sign-ins by outcome', async () => {
    const outcomes = async () =>
      Object.fromEntries(
        (await scrape())
          .filter((sample) => sample.name === 'coach_sign_ins_total')
          .map((sample) => [sample.labels.outcome, sample.value]),
      );
    const before = await outcomes();
    expect(Object.keys(before).sort()).toEqual(
      ['code_required', 'error', 'failure', 'second_step', 'success', 'throttled'].sort(),
    );
    const login = (password: string) =>
      callApi(server.baseUrl, 'POST', '/api/auth/login', {
        body: { email: coachEmail, password },
      });
    expect((await login('Coach123!')).status).toBe(200);
    expect((await login('Wrong123!')).status).toBe(401);
    expect((await login('Wrong456!')).status).toBe(401);
    const after = await outcomes();
    expect((after.success ?? 0) - (before.success ?? 0)).toBe(1);
    expect((after.failure ?? 0) - (before.failure ?? 0)).toBe(2);
    expect(after.throttled).toBe(before.throttled);
  });

  it('reports the live streams open, counts the events sent to them by kind, the refetches by reason and the streams refused', async () => {
    const counts = async () => {
      const samples = await scrape();
      return {
        open: sampleValue(samples, 'coach_live_streams_open'),
        changed: sampleValue(samples, 'coach_live_events_sent_total', {
          event: 'clients-changed',
        }),
        refetch: sampleValue(samples, 'coach_live_events_sent_total', { event: 'refetch' }),
        resumes: sampleValue(samples, 'coach_live_refetches_total', { reason: 'resume' }),
        refusedCoach: sampleValue(samples, 'coach_live_streams_refused_total', {
          reason: 'coach',
        }),
      };
    };
    const before = await counts();
    expect(before).toEqual({ open: 0, changed: 0, refetch: 0, resumes: 0, refusedCoach: 0 });

    const first = await openLiveStream(server.baseUrl, token);
    const second = await openLiveStream(server.baseUrl, token);
    expect([first.status, second.status]).toEqual([200, 200]);
    // A third stream of the coach is over the cap.
    expect((await openLiveStream(server.baseUrl, token)).status).toBe(429);
    // The client's device batch goes to both streams: one event each.
    const batch = await callApi(server.baseUrl, 'POST', '/api/device-metrics/batches', {
      token: await signInForTest(server, client.userId),
      body: oneSampleBatch(),
    });
    expect(batch.status).toBe(200);
    await Promise.all([first.next(), second.next()]);
    expect(await counts()).toEqual({ ...before, open: 2, changed: 2, refusedCoach: 1 });

    // A stream resumed from an id of no state gets a refetch, and only that stream.
    second.close();
    await second.ended;
    await expect.poll(async () => (await counts()).open).toBe(1);
    const resumed = await openLiveStream(server.baseUrl, token, 'deadbeef.7');
    expect(await resumed.next()).toMatchObject({ event: 'refetch', data: { reason: 'resume' } });
    expect(await counts()).toEqual({
      ...before,
      open: 2,
      changed: 2,
      refetch: 1,
      resumes: 1,
      refusedCoach: 1,
    });

    first.close();
    resumed.close();
    await Promise.all([first.ended, resumed.ended]);
    await expect.poll(async () => (await counts()).open).toBe(0);
  });

  it("times the database's statements by name and, on PostgreSQL, reports the pool", async () => {
    const selects = (samples: Sample[]) =>
      sampleValue(samples, 'coach_db_statement_duration_seconds_count', {
        statement: 'select persons',
      }) ?? 0;
    const before = await scrape();
    expect((await profileOf(clientId)).status).toBe(200);
    const after = await scrape();
    expect(selects(after)).toBeGreaterThan(selects(before));
    const statements = new Set(
      after
        .filter((sample) => sample.name === 'coach_db_statement_duration_seconds_count')
        .map((sample) => sample.labels.statement),
    );
    // Names from fixed sets: a verb and a table of the schema, never a text.
    for (const statement of statements) expect(statement).toMatch(/^[a-z]+( [a-z_]+)?$/);

    const busy = sampleValue(after, 'coach_db_pool_connections', { state: 'busy' });
    if (server.database.kind === 'postgres') {
      expect(sampleValue(after, 'coach_db_pool_max_connections')).toBeGreaterThan(0);
      expect(busy).toBeGreaterThanOrEqual(0);
      expect(sampleValue(after, 'coach_db_pool_waiting')).toBe(0);
    } else {
      // PGlite: one connection in the process, no pool.
      expect(busy).toBeUndefined();
    }
  });

  it("times the PDF renders by outcome and reports the pools' load, argon2's too", async () => {
    const renders = (samples: Sample[]) =>
      sampleValue(samples, 'coach_work_duration_seconds_count', {
        pool: 'report_pdf',
        outcome: 'done',
      }) ?? 0;
    const before = await scrape();
    const report = await callApi(
      server.baseUrl,
      'POST',
      `/api/resource/clients/${clientId}/reports`,
      {
        token,
        body: {
          mentalWellbeing: 'Sleeps better.',
          physicalWellbeing: 'Walks more.',
          productivity: 'Steady.',
          finalComments: 'Keep going.',
        },
      },
    );
    expect(report.status).toBe(201);
    const after = await scrape();
    expect(renders(after) - renders(before)).toBe(1);
    expect(
      sampleValue(after, 'coach_work_duration_seconds_sum', { pool: 'report_pdf' }),
    ).toBeGreaterThan(0);
    expect(sampleValue(after, 'coach_work_refused_total', { pool: 'report_pdf' })).toBe(0);
    for (const pool of ['report_pdf', 'argon2']) {
      expect(sampleValue(after, 'coach_work_running', { pool })).toBe(0);
      expect(sampleValue(after, 'coach_work_waiting', { pool })).toBe(0);
    }
  });

  it("serves Node's own metrics beside the product's", async () => {
    const names = new Set((await scrape()).map((sample) => sample.name));
    expect(names).toContain('process_cpu_user_seconds_total');
    expect(names).toContain('nodejs_eventloop_lag_seconds');
    expect(names).toContain('nodejs_heap_size_used_bytes');
  });

  it('answers GET and HEAD /metrics in the text format, a 404 elsewhere and a 405 for other methods', async () => {
    const answer = await fetch(metricsUrl);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toContain('# TYPE coach_http_request_duration_seconds histogram');

    const head = await fetch(metricsUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    const post = await fetch(metricsUrl, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    await post.body?.cancel();

    const elsewhere = await fetch(`http://127.0.0.1:${scraper.port}/api/health`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toBe('Not found: the metrics are at /metrics\n');
  });

  it("never serves the metrics on the API's port", async () => {
    const answer = await callApi(server.baseUrl, 'GET', '/metrics');
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('coach_http_request_duration_seconds');
  });

  it('keeps nothing of a coach in a label: no email, no id, whatever was called', async () => {
    const text = await (await fetch(metricsUrl)).text();
    expect(text).not.toContain(coachEmail);
    expect(text).not.toContain(clientId);
  });
});

describe('requests counted beside the log', () => {
  it('counts each answer once when the server logs, as the product does', async () => {
    const metrics = createMetrics();
    const lines: string[] = [];
    const app = await buildServer(
      { port: 0, host: '127.0.0.1', staticDir: null, isFrontendCspStrict: true },
      { metrics, logger: true, logStream: { write: (line: string) => lines.push(line) } },
    );
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let call = 0; call < 3; call++) {
        expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
      }
      expect((await fetch(`${baseUrl}/api/nothing`)).status).toBe(404);
      const samples = parseSamples(await metrics.registry.metrics());
      const count = (labels: Record<string, string>) =>
        sampleValue(samples, 'coach_http_request_duration_seconds_count', labels);
      expect(count({ route: '/api/health', method: 'GET', status: '200' })).toBe(3);
      expect(count({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
      // The log still has its lines (the first healthy check, the 404).
      expect(lines.some((line) => line.includes('/api/nothing'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('a family of metrics', () => {
  it('is made once in a registry, and fed by whoever registers it', async () => {
    let made = 0;
    const family = (registry: Registry) => {
      made++;
      return new Counter({ name: 'coach_test_total', help: 'A test', registers: [registry] });
    };
    const metrics = createMetrics();
    metrics.register(family).inc();
    metrics.register(family).inc(2);
    expect(made).toBe(1);
    const samples = parseSamples(await metrics.registry.metrics());
    expect(sampleValue(samples, 'coach_test_total')).toBe(3);
    // Another registry has its own.
    const other = createMetrics();
    other.register(family);
    expect(made).toBe(2);
    expect(sampleValue(parseSamples(await other.registry.metrics()), 'coach_test_total')).toBe(0);
  });
});
