import type { Registry } from 'prom-client';

// The histogram of request durations, kept the cheap way: every answer adds to its series'
// counts through three map lookups (route, status, method: strings and numbers the server already
// holds, no label object, no key built), and the series become Prometheus' histogram lines only
// when scraped. prom-client's Histogram validated and hashed a label object at every observation:
// on a plain route (the health check), that took most of what the metrics cost a request.

/** One series' counts: per bucket (not cumulative, the last one +Inf), their sum and count. */
type Series = { buckets: Float64Array; sum: number; count: number };

/** A value of prom-client's metric format, as the registry writes it. */
type MetricValue = { metricName: string; labels: Record<string, string | number>; value: number };

/** A histogram of request durations by route, status and method, registered in `registry`. */
export function createRequestDurations(options: {
  name: string;
  help: string;
  /** The buckets' upper bounds in seconds, ascending. */
  buckets: readonly number[];
  registry: Registry;
}) {
  const { name, help, buckets } = options;
  const byRoute = new Map<string, Map<number, Map<string, Series>>>();

  function seriesOf(route: string, status: number, method: string): Series {
    let byStatus = byRoute.get(route);
    if (!byStatus) {
      byStatus = new Map();
      byRoute.set(route, byStatus);
    }
    let byMethod = byStatus.get(status);
    if (!byMethod) {
      byMethod = new Map();
      byStatus.set(status, byMethod);
    }
    let series = byMethod.get(method);
    if (!series) {
      series = { buckets: new Float64Array(buckets.length + 1), sum: 0, count: 0 };
      byMethod.set(method, series);
    }
    return series;
  }

  const metric = {
    name,
    help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    /** The series as prom-client writes a histogram: cumulative buckets, `_sum`, `_count`. */
    async get() {
      const values: MetricValue[] = [];
      for (const [route, byStatus] of byRoute) {
        for (const [status, byMethod] of byStatus) {
          for (const [method, series] of byMethod) {
            const labels = { route, method, status: String(status) };
            let cumulative = 0;
            for (const [index, bound] of [...buckets, Number.POSITIVE_INFINITY].entries()) {
              cumulative += series.buckets[index] ?? 0;
              values.push({
                metricName: `${name}_bucket`,
                labels: { ...labels, le: bound === Number.POSITIVE_INFINITY ? '+Inf' : bound },
                value: cumulative,
              });
            }
            values.push({ metricName: `${name}_sum`, labels, value: series.sum });
            values.push({ metricName: `${name}_count`, labels, value: series.count });
          }
        }
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset() {
      byRoute.clear();
    },
  };
  options.registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);

  return {
    /** Adds an answer of `seconds` to its series. */
    observe(route: string, method: string, status: number, seconds: number) {
      const series = seriesOf(route, status, method);
      let index = 0;
      while (index < buckets.length && seconds > (buckets[index] as number)) index += 1;
      (series.buckets as Float64Array)[index] = (series.buckets[index] ?? 0) + 1;
      series.sum += seconds;
      series.count += 1;
    },
  };
}
