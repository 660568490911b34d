import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Context,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
  serviceNameEnvDetector,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { Tracing } from './types.ts';

// OpenTelemetry's SDK, loaded by loadTracing only when a collector is named. The provider, the
// current span and the propagation are this module's, not OpenTelemetry's globals: nothing else
// in the process (a library's own instrumentation) starts tracing because Coach does. The
// exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself (endpoint, headers, timeout,
// compression); the batch and sampler variables are read here, as OpenTelemetry's SDK would.

/** The instrumentation scope of Coach's spans. */
const scope = 'coach';

/**
 * The tracing of the process, exporting over OTLP/HTTP as the environment says (tests give an
 * exporter of their own).
 */
export function createTracing(
  env: NodeJS.ProcessEnv = process.env,
  exporter: SpanExporter = new OTLPTraceExporter(),
): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'coach' }).merge(
      detectResources({ detectors: [serviceNameEnvDetector, resourceAttributesEnvDetector] }),
    ),
    sampler: samplerOf(env),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter,
        ...numberOf(env, 'OTEL_BSP_SCHEDULE_DELAY', 'scheduledDelayMillis'),
        ...numberOf(env, 'OTEL_BSP_EXPORT_TIMEOUT', 'exportTimeoutMillis'),
        ...numberOf(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 'maxQueueSize'),
        ...numberOf(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 'maxExportBatchSize'),
      }),
    ],
  });
  const tracer = provider.getTracer(scope);
  const propagator = new W3CTraceContextPropagator();
  // The current context of each piece of work: a request's, entered when it starts.
  const current = new AsyncLocalStorage<Context>();
  const contextNow = () => current.getStore() ?? ROOT_CONTEXT;

  return {
    requestStarted({ method, route, headers, isFromTrustedProxy }) {
      // Anyone else's trace context is dropped whole, not just its sampled flag: its flag would
      // override the operator's sampling ratio, and its trace id (which the ratio sampler and the
      // log lines take up) would let a caller pick the ids, or graft spans onto a trace not its own.
      const parent = isFromTrustedProxy
        ? propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter)
        : ROOT_CONTEXT;
      const span = tracer.startSpan(
        `${method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': method, 'http.route': route },
        },
        parent,
      );
      // For the rest of this request's work (its hooks, handler and what they start).
      current.enterWith(trace.setSpan(parent, span));
      return {
        end(status) {
          span.setAttribute('http.response.status_code', status);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    inSpan(name, work) {
      const parent = contextNow();
      const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL }, parent);
      return current.run(trace.setSpan(parent, span), () => ended(span, work));
    },
    statementStarted(name) {
      const parent = contextNow();
      // Statements of no traced work (background jobs between their spans) make no trace.
      if (trace.getSpan(parent) === undefined) return () => {};
      const [operation, table] = name.split(' ');
      const span = tracer.startSpan(
        name,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            ...(operation ? { 'db.operation.name': operation } : {}),
            ...(table ? { 'db.collection.name': table } : {}),
          },
        },
        parent,
      );
      return (failed) => {
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
    },
    currentTraceId() {
      const span = trace.getSpan(contextNow());
      return span?.spanContext().traceId;
    },
    async shutdown() {
      await provider.shutdown();
    },
  };
}

/** Runs `work`, ending `span` with its outcome. */
async function ended<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/** `{ [option]: n }` when the variable holds a positive whole number; nothing otherwise. */
function numberOf(env: NodeJS.ProcessEnv, variable: string, option: string) {
  const value = Number(env[variable]);
  return Number.isInteger(value) && value > 0 ? { [option]: value } : {};
}

/**
 * The sampler of OTEL_TRACES_SAMPLER (and OTEL_TRACES_SAMPLER_ARG, a ratio): every trace by
 * default, a caller's decision followed (parentbased_always_on).
 */
function samplerOf(env: NodeJS.ProcessEnv): Sampler {
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  const ratioSampler = new TraceIdRatioBasedSampler(
    Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1,
  );
  switch (env.OTEL_TRACES_SAMPLER?.trim().toLowerCase()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratioSampler;
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratioSampler });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
