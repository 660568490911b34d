import { collectDefaultMetrics, type Registry } from 'prom-client';
import { CountedRegistry } from './countedHistogram.ts';
import { databaseMetrics } from './databaseMetrics.ts';
import { httpMetrics } from './httpMetrics.ts';
import { workMetrics } from './workMetrics.ts';

// What an operator scrapes from the process (Prometheus' text format, on a port of its own: see
// metricsServer.ts). Every label has a bounded set of values: a route's template (never its
// address, which holds ids), a known method, a status code, a refusal's reason. Nothing here
// holds an id, an email or a body.
//
// Here are the registry and the metrics of what lies below the services: the HTTP server, the
// database and the pools of CPU-heavy work. What else is measured declares its metrics beside its
// code, as a family that registers them through the services' context
// (`context.metrics?.register(liveMetrics)`, in the live events' route): nothing here knows a
// service.

/**
 * A family of metrics declared beside the code that feeds them (a service's, the mail outbox's):
 * it makes its metrics in `registry`, and answers the functions that feed them.
 */
export type MetricFamily<T> = (registry: Registry) => T;

/** The process's metrics, in a registry of its own (each server built in a test has its own). */
export function createMetrics() {
  const registry = new CountedRegistry();
  collectDefaultMetrics({ register: registry });
  const families = new Map<MetricFamily<unknown>, unknown>();
  return {
    registry,
    ...httpMetrics(registry),
    ...workMetrics(registry),
    ...databaseMetrics(registry),
    /**
     * The metrics of `family`, made in this registry when it is first registered: whoever
     * registers it again (another service, another server on these metrics) feeds the same.
     */
    register<T>(family: MetricFamily<T>): T {
      if (!families.has(family)) families.set(family, family(registry));
      return families.get(family) as T;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
