// Per-route figures of a run: calls, p50 / p99 and errors by status.
import { round } from '../harness.ts';
import type { Recorder } from './client.ts';

export type RouteFigures = {
  route: string;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: Record<string, number>;
};

export type RunFigures = {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  errorsByStatus: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  routes: RouteFigures[];
  /** The first answers that failed, with their status and the start of their body. */
  failures: Recorder['failures'];
};

/** p-th percentile (0..1) of sorted values, nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function sum(record: Record<string, number>) {
  return Object.values(record).reduce((total, count) => total + count, 0);
}

/** The figures of a finished run, routes by number of calls. */
export function runFigures(recorder: Recorder, connections: number, seconds: number): RunFigures {
  const all: number[] = [];
  const errorsByStatus: Record<string, number> = {};
  const routes = [...recorder.routes.entries()].map(([route, record]): RouteFigures => {
    const sorted = [...record.latencies].sort((a, b) => a - b);
    all.push(...sorted);
    for (const [status, count] of Object.entries(record.errors)) {
      errorsByStatus[status] = (errorsByStatus[status] ?? 0) + count;
    }
    return {
      route,
      count: record.count,
      p50Ms: round(percentile(sorted, 0.5)),
      p99Ms: round(percentile(sorted, 0.99)),
      maxMs: round(sorted.at(-1) ?? Number.NaN),
      errors: record.errors,
    };
  });
  all.sort((a, b) => a - b);
  routes.sort((a, b) => b.count - a.count);
  return {
    connections,
    seconds: round(seconds),
    requests: all.length,
    requestsPerSecond: round(all.length / seconds),
    errors: sum(errorsByStatus),
    errorsByStatus,
    p50Ms: round(percentile(all, 0.5)),
    p99Ms: round(percentile(all, 0.99)),
    routes,
    failures: recorder.failures,
  };
}

/** 'none', or '429: 3, timeout: 1'. */
export function errorsText(errors: Record<string, number>): string {
  const entries = Object.entries(errors);
  if (entries.length === 0) return 'none';
  return entries.map(([status, count]) => `${status}: ${count}`).join(', ');
}
