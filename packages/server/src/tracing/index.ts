import type { Tracing } from './types.ts';

export type { Tracing } from './types.ts';

// Traces over OpenTelemetry (OTLP over HTTP), on when the standard variables name a collector
// (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): a request's span, its
// database statements, the mail it sends and the PDF it renders. Off, nothing of OpenTelemetry is
// loaded (the SDK is imported by loadTracing only) and nothing is measured. Spans carry route
// templates, statement names and statuses: never an id of a path, a value, an address or a body.

/** Whether the environment asks for traces: a collector named, the SDK not disabled. */
export function isTracingConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
  );
}

/** The tracing the environment asks for, loading OpenTelemetry's SDK only then; null otherwise. */
export async function loadTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!isTracingConfigured(env)) return null;
  const { createTracing } = await import('./otel.ts');
  return createTracing();
}

/** Runs `work` in a span named `name` when tracing is on; as is otherwise. */
export function traced<T>(
  tracing: Tracing | undefined,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  return tracing ? tracing.inSpan(name, work) : work();
}
