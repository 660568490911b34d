import { randomBytes } from 'node:crypto';
import { ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { isTracingConfigured, loadTracing, type Tracing } from './index.ts';
import { createTracing } from './otel.ts';

describe('whether traces are on', () => {
  it('is when a collector is named, for traces or for every signal', () => {
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(
      true,
    );
    expect(
      isTracingConfigured({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces',
      }),
    ).toBe(true);
  });

  it('is not without a collector, with an empty one, or when the standard switches say off', () => {
    expect(isTracingConfigured({})).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(isTracingConfigured({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(isTracingConfigured({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it('loads nothing when off', async () => {
    expect(await loadTracing({})).toBeNull();
  });
});

// A caller's `traceparent` over real HTTP: the tests' requests come from 127.0.0.1, a trusted
// proxy when TRUST_PROXY lists it and any caller otherwise.
describe("a caller's traceparent", () => {
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    staticDir: null,
    isFrontendCspStrict: true,
  };
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  /** The process's tracing as the environment says, its exported spans kept in a list. */
  function tracingInMemory(env: NodeJS.ProcessEnv) {
    const exported: ReadableSpan[] = [];
    const tracing = createTracing(
      { ...env, OTEL_BSP_SCHEDULE_DELAY: '10' },
      {
        export(spans, done) {
          exported.push(...spans);
          done({ code: ExportResultCode.SUCCESS });
        },
        async shutdown() {},
      },
    );
    stops.push(() => tracing.shutdown());
    return { tracing, exported };
  }

  /** Asks a server trusting `trustProxy` for its health, in the caller's sampled trace. */
  async function healthInTrace(
    tracing: Tracing,
    trustProxy: ServerConfig['trustProxy'],
    traceId: string,
  ) {
    const app = await buildServer({ ...config, trustProxy }, { tracing });
    stops.push(() => app.close());
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`${url}/api/health`, {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
  }

  const traceIdsOf = (spans: ReadableSpan[]) => spans.map((span) => span.spanContext().traceId);

  it("exports nothing at a sampling ratio of 0 when a caller that is no trusted proxy says 'sampled'; a trusted proxy's word is followed", async () => {
    const { tracing, exported } = tracingInMemory({
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
    });
    const outsider = randomBytes(16).toString('hex');
    const proxied = randomBytes(16).toString('hex');
    await healthInTrace(tracing, false, outsider);
    await healthInTrace(tracing, ['127.0.0.1'], proxied);
    // The proxied request's span comes out; the outsider's, answered before it, would have too.
    await expect.poll(() => traceIdsOf(exported)).toContain(proxied);
    await tracing.shutdown();
    expect(traceIdsOf(exported)).toEqual([proxied]);
  });

  it("starts a trace of its own for a caller that is no trusted proxy, never taking the caller's trace id", async () => {
    const { tracing, exported } = tracingInMemory({ OTEL_TRACES_SAMPLER: 'always_on' });
    const outsider = randomBytes(16).toString('hex');
    await healthInTrace(tracing, false, outsider);
    await expect.poll(() => exported.length).toBe(1);
    const [span] = exported;
    expect(span?.spanContext().traceId).not.toBe(outsider);
    expect(span?.parentSpanContext).toBeUndefined();
  });
});
