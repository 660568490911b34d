import { Registry } from 'prom-client';

// Histograms kept the cheap way, for what is observed on every request or statement (request
// durations, statement durations): an observation adds to its series' counts through one map
// lookup per label (strings and numbers the caller already holds: no label object, no key
// built), and the series become Prometheus' text only when scraped, from lines whose labels were
// written once, when the series was first seen. prom-client's Histogram validated and hashed a
// label object at every observation, and its registry escaped and joined every label of every
// line at every scrape: on a plain route (the health check) the first took most of what the
// metrics cost a request, and with a scrape a second the second cost a busy process more than
// its requests' counting.

/** A label's value as callers hold it. */
type LabelValue = string | number;

/** One series' counts: per bucket (not cumulative, the last one +Inf), their sum and count. */
type Series = {
  buckets: Float64Array;
  sum: number;
  count: number;
  /** Its lines up to their value: each bucket's (`le` first, as prom-client writes it), then `_sum`'s and `_count`'s. */
  lines: string[];
  /** Its labels, for prom-client's JSON. */
  labels: Record<string, string>;
};

/** A value of prom-client's metric format, as the registry hands it to JSON. */
type MetricValue = { metricName: string; labels: Record<string, string | number>; value: number };

/** A metric that writes its own text (see CountedRegistry). */
type TextMetric = { name: string; text(): string };

/** prom-client's registry writes each metric through this method (left out of its types). */
type RegistryInternals = { getMetricsAsString(metric: unknown): Promise<string> };

/**
 * A registry that lets a counted histogram write its own lines, prom-client's formatting the rest.
 * Were prom-client to write its metrics another way, a counted histogram would still be written,
 * from its values (`get`): the same text, only slower (a test holds both).
 */
export class CountedRegistry extends Registry {
  async getMetricsAsString(metric: unknown): Promise<string> {
    if (typeof (metric as Partial<TextMetric>).text === 'function') {
      return (metric as TextMetric).text();
    }
    return (Registry.prototype as unknown as RegistryInternals).getMetricsAsString.call(
      this,
      metric,
    );
  }
}

/** Escapes a label's value as Prometheus' text format asks (backslash, double quote, newline). */
function escapeLabel(value: string) {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** Up to three labels: an observation passes their values as arguments (no array made). */
type LabelNames = readonly [string] | readonly [string, string] | readonly [string, string, string];

/**
 * A histogram labelled by `labelNames` (in that order, one to three), registered in `registry`
 * (a CountedRegistry; another writes it through prom-client's formatting, the same text).
 */
export function createCountedHistogram<const Names extends LabelNames>(options: {
  name: string;
  help: string;
  labelNames: Names;
  /** The buckets' upper bounds in seconds, ascending. */
  buckets: readonly number[];
  registry: Registry;
}) {
  const { name, help, labelNames, buckets } = options;
  const bounds = [...buckets.map(String), '+Inf'];
  const depth = labelNames.length;
  // Nested maps, one level per label; the last level holds the series.
  const root = new Map<LabelValue, unknown>();
  const all: Series[] = [];

  function createSeries(values: readonly LabelValue[]): Series {
    const labels: Record<string, string> = {};
    for (const [index, labelName] of labelNames.entries())
      labels[labelName] = String(values[index]);
    const written = labelNames
      .map((labelName, index) => `${labelName}="${escapeLabel(String(values[index]))}"`)
      .join(',');
    const series: Series = {
      buckets: new Float64Array(bounds.length),
      sum: 0,
      count: 0,
      lines: [
        ...bounds.map((bound) => `${name}_bucket{le="${bound}",${written}} `),
        `${name}_sum{${written}} `,
        `${name}_count{${written}} `,
      ],
      labels,
    };
    all.push(series);
    return series;
  }

  /** The map below `level` for `value`, made when first asked. */
  function below(level: Map<LabelValue, unknown>, value: LabelValue) {
    let next = level.get(value) as Map<LabelValue, unknown> | undefined;
    if (!next) {
      next = new Map();
      level.set(value, next);
    }
    return next;
  }

  function seriesOf(first: LabelValue, second: LabelValue, third: LabelValue): Series {
    const level =
      depth === 1 ? root : depth === 2 ? below(root, first) : below(below(root, first), second);
    const last = depth === 1 ? first : depth === 2 ? second : third;
    let series = level.get(last) as Series | undefined;
    if (!series) {
      series = createSeries([first, second, third]);
      level.set(last, series);
    }
    return series;
  }

  const header = `# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n# TYPE ${name} histogram`;
  const metric = {
    name,
    help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    /** Prometheus' text: the header, then each series' cumulative buckets, `_sum` and `_count`. */
    text() {
      let text = header;
      for (const series of all) {
        let cumulative = 0;
        for (let index = 0; index < bounds.length; index++) {
          cumulative += series.buckets[index] as number;
          text += `\n${series.lines[index]}${cumulative}`;
        }
        text += `\n${series.lines[bounds.length]}${series.sum}`;
        text += `\n${series.lines[bounds.length + 1]}${series.count}`;
      }
      return text;
    },
    /** The series as prom-client's values (its JSON, or a registry that formats them itself). */
    async get() {
      const values: MetricValue[] = [];
      for (const series of all) {
        let cumulative = 0;
        for (const [index, bound] of bounds.entries()) {
          cumulative += series.buckets[index] as number;
          values.push({
            metricName: `${name}_bucket`,
            labels: { le: bound, ...series.labels },
            value: cumulative,
          });
        }
        values.push({ metricName: `${name}_sum`, labels: series.labels, value: series.sum });
        values.push({ metricName: `${name}_count`, labels: series.labels, value: series.count });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset() {
      root.clear();
      all.length = 0;
    },
  };
  options.registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);

  function observe(seconds: number, first: LabelValue, second: LabelValue, third: LabelValue) {
    const series = seriesOf(first, second, third);
    let index = 0;
    while (index < buckets.length && seconds > (buckets[index] as number)) index += 1;
    series.buckets[index] = (series.buckets[index] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  return {
    /** Adds an observation of `seconds` to the series of the labels' values, in their order. */
    observe: observe as (
      seconds: number,
      ...labels: { readonly [Index in keyof Names]: LabelValue }
    ) => void,
  };
}
