import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../packages/server/test/freePort.ts';
import { startServerProcess } from '../packages/server/test/serverProcess.ts';
import { type Prometheus, startPrometheus } from './prometheusServer.ts';
import {
  alertExpressions,
  alertNames,
  dashboardQueries,
  metricNames,
  operatingDir,
  readAlertRules,
  readDashboard,
} from './promql.ts';
import { startRefusingSmtp } from './refusingSmtp.ts';

// What the issue asks of the metrics, checked for real: Debian's Prometheus scrapes the product
// (its entry point as a process, on PGlite, its metrics on a port of their own) every second
// under a little traffic, and its HTTP API's answers agree with the traffic sent. The same
// Prometheus loads the operator's alert rules and answers the dashboard's queries
// (docs/operating/).

/** Demo accounts (seeded on a PGlite start): the SMTP server refuses the first's mail for good. */
const deadRecipient = 'coach@example.com';
const waitingRecipient = 'client@example.com';
/** Requests sent in two batches, to count exactly through Prometheus. */
const firstBatch = 25;
const secondBatch = 15;

describe('a real Prometheus scraping the product', () => {
  let dir: string;
  let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
  let prometheus: Prometheus;
  let product: Awaited<ReturnType<typeof startServerProcess>>;
  let metricsUrl: string;
  /** One value of an instant query that must answer a single series. */
  const single = async (expression: string, time?: number) => {
    const series = await prometheus.query(expression, time);
    expect(series, expression).toHaveLength(1);
    return series[0]?.value;
  };
  const call = (path: string, init?: RequestInit) =>
    fetch(`${product.url}${path}`, init).then(async (answer) => {
      await answer.arrayBuffer();
      return answer.status;
    });
  const post = (path: string, body: unknown) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const healthChecks = async (count: number) => {
    for (let index = 0; index < count; index++) expect(await call('/api/health')).toBe(200);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coach-ops-'));
    smtp = await startRefusingSmtp([deadRecipient]);
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const [startedPrometheus, startedProduct] = await Promise.allSettled([
      startPrometheus({
        dir,
        target: `127.0.0.1:${metricsPort}`,
        ruleFiles: [resolve(operatingDir, 'alerts.yml')],
      }),
      startServerProcess({
        DATA_DIR: join(dir, 'product'),
        SMTP_URL: smtp.url,
        METRICS_PORT: String(metricsPort),
        // Only the password resets below queue mail.
        MORNING_MAIL: '0',
      }),
    ]);
    // What started stops in afterAll, whichever failed.
    if (startedPrometheus.status === 'fulfilled') prometheus = startedPrometheus.value;
    if (startedProduct.status === 'fulfilled') product = startedProduct.value;
    for (const started of [startedPrometheus, startedProduct]) {
      if (started.status === 'rejected') throw started.reason;
    }
  });
  afterAll(async () => {
    await product?.stop();
    await prometheus?.close();
    await smtp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes the product from its metrics port', async () => {
    // The scrapes before the product listened found nothing (`up` 0); the next one finds it.
    const scraped = await prometheus.scrapedAfter(Date.now());
    expect(await single('up{job="coach"}', scraped)).toBe(1);
  });

  it("counts a route's requests exactly as they were sent, in all and over a window", async () => {
    const health = 'coach_http_request_duration_seconds_count{route="/api/health",method="GET"}';
    await healthChecks(firstBatch);
    // Two API addresses no route matches, and three sign-ins with an email no account has. (Any
    // other address is the app's to answer, with its page once the app is built.)
    expect(await call('/api/metrics')).toBe(404);
    expect(await call(`/api/${crypto.randomUUID()}`)).toBe(404);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        await post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong123!' }),
      ).toBe(401);
    }
    const first = await prometheus.scrapedAfter(Date.now());
    expect(await single(`sum(${health})`, first)).toBe(firstBatch);
    expect(await single(`sum(${health.replace('GET"', 'GET",status="200"')})`, first)).toBe(
      firstBatch,
    );
    expect(
      await single(
        'sum(coach_http_request_duration_seconds_count{route="unmatched",status="404"})',
        first,
      ),
    ).toBe(2);
    expect(
      await single(
        'sum(coach_http_request_duration_seconds_count{route="/api/auth/login",method="POST",status="401"})',
        first,
      ),
    ).toBe(3);
    expect(await single('sum(coach_sign_ins_total{outcome="failure"})', first)).toBe(3);
    expect(await single('sum(coach_sign_ins_total{outcome="success"})', first)).toBe(0);
    // The histogram's buckets count every request too.
    expect(
      await single(
        'sum(coach_http_request_duration_seconds_bucket{route="/api/health",le="+Inf"})',
        first,
      ),
    ).toBe(firstBatch);

    await healthChecks(secondBatch);
    const second = await prometheus.scrapedAfter(Date.now());
    expect(await single(`sum(${health})`, second)).toBe(firstBatch + secondBatch);
    // Over the window from the first scrape after the first batch (read 200 ms after it, well
    // before the next scrape a second later) to the scrape after the second: the second batch.
    const window = second - first - 200;
    expect(await single(`sum(${health}) - sum(${health} offset ${window}ms)`, second)).toBe(
      secondBatch,
    );
    // Its rate over the last seconds (as the dashboard asks, by route): the batch is in it.
    expect(await single(`sum(rate(${health}[10s]))`, second)).toBeGreaterThan(0);
  });

  it('reports the outbox: a mail waiting for its retry, and one given up on', async () => {
    expect(await post('/api/auth/passwordReset/request', { email: deadRecipient })).toBe(202);
    expect(await post('/api/auth/passwordReset/request', { email: waitingRecipient })).toBe(202);
    // The SMTP server refuses one for good (550: dead) and the other for now (451: retried
    // later). Once it has been offered both, the product's own figures say when the refusals
    // are stored (a mail counts as retrying from its first attempt on).
    await expect
      .poll(
        async () => {
          const text = await (await fetch(metricsUrl)).text();
          return {
            offered: [deadRecipient, waitingRecipient].every((to) => smtp.offered.includes(to)),
            dead: /^coach_mail_outbox_dead 1$/m.test(text),
            retrying: /^coach_mail_outbox_retrying 1$/m.test(text),
          };
        },
        { timeout: 15_000, interval: 100 },
      )
      .toEqual({ offered: true, dead: true, retrying: true });

    const scraped = await prometheus.scrapedAfter(Date.now());
    expect(await single('coach_mail_outbox_pending', scraped)).toBe(1);
    expect(await single('coach_mail_outbox_retrying', scraped)).toBe(1);
    expect(await single('coach_mail_outbox_dead', scraped)).toBe(1);
    const oldest = await single('coach_mail_outbox_oldest_pending_seconds', scraped);
    expect(oldest).toBeGreaterThan(0);
    expect(oldest).toBeLessThan(60);
    expect(
      await single(
        'sum(coach_http_request_duration_seconds_count{route="/api/auth/passwordReset/request",status="202"})',
        scraped,
      ),
    ).toBe(2);
  });

  it("agrees with the product's own view of its admission gate", async () => {
    const answer = await fetch(`${product.url}/api/health`);
    const { admission } = (await answer.json()) as {
      admission: { max: number; signIn: { max: number } };
    };
    const scraped = await prometheus.scrapedAfter(Date.now());
    expect(await single('coach_admission_max_at_work{lane="general"}', scraped)).toBe(
      admission.max,
    );
    expect(await single('coach_admission_max_at_work{lane="signIn"}', scraped)).toBe(
      admission.signIn.max,
    );
    expect(await single('coach_admission_saturated', scraped)).toBe(0);
    expect(await single('sum(coach_admission_refusals_total)', scraped)).toBe(0);
  });

  it('loads the alert rules and fires the dead letters’ alert, and no alert the traffic does not call for', async () => {
    const names = alertNames(readAlertRules());
    type Rule = { name: string; health: string; lastError?: string };
    const rules = async () =>
      (await prometheus.api<{ groups: { rules: Rule[] }[] }>('rules')).groups.flatMap(
        (group) => group.rules,
      );
    // Each evaluated at least once since it loaded.
    await expect
      .poll(async () => (await rules()).every((rule) => rule.health !== 'unknown'), {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(true);
    const loaded = await rules();
    expect(loaded.map((rule) => rule.name)).toEqual(names);
    for (const rule of loaded) expect(rule, rule.name).toMatchObject({ health: 'ok' });

    type Alert = { labels: { alertname: string }; state: string };
    const active = async () =>
      (await prometheus.api<{ alerts: Alert[] }>('alerts')).alerts.map((alert) => ({
        name: alert.labels.alertname,
        state: alert.state,
      }));
    // The dead letter (`for: 1m`): pending, or firing on a slow machine.
    await expect
      .poll(async () => (await active()).map((alert) => alert.name), {
        timeout: 10_000,
        interval: 200,
      })
      .toContain('CoachMailDeadLetters');
    const alerts = await active();
    expect(alerts.find((alert) => alert.name === 'CoachMailDeadLetters')?.state).toMatch(
      /^(pending|firing)$/,
    );
    // A busy machine may make a route's first requests slow: that alert may be pending too.
    expect(
      alerts
        .map((alert) => alert.name)
        .filter((name) => name !== 'CoachMailDeadLetters' && name !== 'CoachSlowRequests'),
    ).toEqual([]);
  });

  it('answers every query of the dashboard, which reads only metrics the product declares, as do the alerts', async () => {
    // The product's own exposition names every metric it declares, whether or not it has a
    // series yet (a counter by label before its first count); a histogram's series by suffix.
    const exposition = await (await fetch(metricsUrl)).text();
    const declared = new Set<string>();
    for (const [, name, type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      declared.add(name as string);
      if (type === 'histogram') {
        for (const suffix of ['_bucket', '_count', '_sum']) declared.add(`${name}${suffix}`);
      }
    }
    // On PGlite the process has no connection pool, nor its gauges: the server's metrics test
    // checks them on PostgreSQL.
    const isDeclared = (name: string) =>
      declared.has(name) || name === 'up' || name.startsWith('coach_db_pool_');
    const withSeries = new Set(await prometheus.api<string[]>('label/__name__/values'));
    const scraped = await prometheus.scrapedAfter(Date.now());

    const dashboard = readDashboard();
    for (const { panel, expr } of dashboardQueries(dashboard)) {
      const names = metricNames(expr);
      for (const name of names) expect(isDeclared(name), `${panel} reads ${name}`).toBe(true);
      // As Grafana sends it: every process, a rate over a few scrapes. Prometheus takes it, and
      // answers something when what it reads has series.
      const asSent = expr.replaceAll('$instance', '.*').replaceAll('$__rate_interval', '10s');
      const series = await prometheus.query(asSent, scraped);
      if (names.every((name) => withSeries.has(name))) {
        expect(series.length, `${panel}: ${asSent} answered nothing`).toBeGreaterThan(0);
      }
    }
    for (const variable of dashboard.templating.list) {
      const [, metric = ''] = /^label_values\((\w+), instance\)$/.exec(variable.query) ?? [];
      expect(withSeries, variable.name).toContain(metric);
    }
    for (const expression of alertExpressions(readAlertRules())) {
      for (const name of metricNames(expression)) {
        expect(isDeclared(name), `${name} in ${expression}`).toBe(true);
      }
    }
  });

  it("never serves the metrics on the API's port, whatever answers there", async () => {
    // Last: without a built app this is one more unmatched 404, with one the app's page.
    const answer = await fetch(`${product.url}/metrics`);
    expect(await answer.text()).not.toContain('coach_http_request_duration_seconds');
  });
});
