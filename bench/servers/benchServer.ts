// What the benchmark servers share: the real server built as main.ts builds it (a fresh token
// secret, no mail), and the child-process protocol (print the address, close on SIGTERM).
import { randomBytes } from 'node:crypto';
import type { ServiceName } from '@coach/api';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../packages/server/src/app.ts';
import { withoutPerAddressLimits } from '../../packages/server/src/config.ts';
import type { DatabaseHandle } from '../../packages/server/src/db/index.ts';
import { createAccessTokens } from '../../packages/server/src/http/accessTokens.ts';
import { createMailer } from '../../packages/server/src/mail/mailer.ts';
import type { Metrics } from '../../packages/server/src/metrics/metrics.ts';
import { startMetricsServer } from '../../packages/server/src/metrics/metricsServer.ts';
import type { LiveEventOptions } from '../../packages/server/src/services/analytics/index.ts';
import { createRequireAuth } from '../../packages/server/src/services/auth/index.ts';
import {
  liftedClientReadLimit,
  liftedClientWriteQuotas,
} from '../../packages/server/src/services/clientRecords/index.ts';

const unlimited = {
  perAccount: { max: 1e9, windowSeconds: 60 },
  perIp: { max: 1e9, windowSeconds: 60 },
};

/** No message quota in practice: the messaging service's figures, per author, raised. */
const liftedMessagingQuota = { perMinute: 1e9, perDay: 1e9, charactersPerDay: 1e12 };
const liftedMessagingQuotas = { coach: liftedMessagingQuota, client: liftedMessagingQuota };

/**
 * The real server with the `enabled` services on `database`. With `unlimitedRates`, the auth
 * rate limits are raised so that a benchmark measures the work, not the 429s; with `logger`, it
 * logs as the product does. `secret` signs the access tokens (processes that share one accept
 * each other's tokens; a fresh one by default); `liveEvents` sets the live streams' options;
 * `listAnswerBytes` the clients-list answers kept (0: none); `metrics`, the process's metrics
 * (`createMetrics()`), fed as main.ts feeds them with METRICS_PORT set (none by default).
 */
export function buildBenchServer(
  database: DatabaseHandle,
  enabled: readonly ServiceName[],
  options: {
    unlimitedRates?: boolean;
    logger?: boolean;
    secret?: Buffer;
    liveEvents?: Partial<LiveEventOptions>;
    listAnswerBytes?: number;
    metrics?: Metrics;
  } = {},
) {
  const accessTokens = createAccessTokens({ secret: options.secret ?? randomBytes(32) });
  return buildServer(
    {
      port: 0,
      host: '127.0.0.1',
      staticDir: null,
      isFrontendCspStrict: true,
      // The load comes from one address: the benchmark measures the work, not the caps.
      http: withoutPerAddressLimits,
    },
    {
      // As main.ts: one line per request to standard output.
      ...(options.logger ? { logger: true } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
      services: {
        enabled,
        context: {
          database,
          organisationId: database.organisationId,
          accessTokens,
          requireAuth: createRequireAuth(accessTokens, database),
          mailer: createMailer({ smtpUrl: null, from: 'bench', log: () => {} }),
          appUrl: 'http://localhost',
          // A few bench clients write what a practice does (see clientRecords/quotas.ts).
          clientWriteQuotas: liftedClientWriteQuotas,
          // A few bench accounts read what a practice does (see clientReadLimit.ts).
          clientReadLimit: liftedClientReadLimit,
          // A few bench accounts send what a practice's do (clientRecords/quotas.ts reads it).
          messagingQuotas: liftedMessagingQuotas,
          ...(options.liveEvents ? { liveEvents: options.liveEvents } : {}),
          ...(options.metrics ? { metrics: options.metrics } : {}),
          ...(options.listAnswerBytes !== undefined
            ? { listAnswerBytes: options.listAnswerBytes }
            : {}),
          ...(options.unlimitedRates
            ? {
                auth: {
                  // Sign-in counts failures only: the benchmark's successes are never throttled.
                  rateLimits: {
                    refresh: unlimited,
                    resetRequest: unlimited,
                    verifyCode: unlimited,
                  },
                },
              }
            : {}),
        },
      },
    },
  );
}

/**
 * Serves `app` as a benchmark child: listens on a free local port, prints `{ url }` for the
 * parent (and sends it over the IPC channel when there is one: a child whose standard output is
 * its log file), and closes the server and `database` on SIGTERM. With `metrics`, it also serves
 * them at `GET /metrics` on a port of its own, as main.ts does with METRICS_PORT, and adds that
 * address as `metricsUrl`.
 */
export async function serveBenchChild(
  app: FastifyInstance,
  database: DatabaseHandle,
  metrics?: Metrics,
): Promise<void> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const metricsServer = metrics
    ? await startMetricsServer(metrics, { port: 0, host: '127.0.0.1' })
    : null;
  const message = {
    url: address,
    ...(metricsServer ? { metricsUrl: `http://127.0.0.1:${metricsServer.port}/metrics` } : {}),
  };
  console.log(JSON.stringify(message));
  process.send?.(message);
  process.on('SIGTERM', async () => {
    await metricsServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
