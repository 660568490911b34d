import { Histogram, Registry } from 'prom-client';
import { describe, expect, it, vi } from 'vitest';
import { CountedRegistry, createCountedHistogram } from './countedHistogram.ts';

const buckets = [0.01, 0.1, 1];

/** The same observations in prom-client's Histogram, for the text it writes. */
async function promClientText(
  labelNames: string[],
  observations: [number, ...(string | number)[]][],
) {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'coach_test_seconds',
    help: 'A test\'s durations, with a "quote" and a \\ backslash',
    labelNames,
    buckets,
    registers: [registry],
  });
  for (const [seconds, ...values] of observations) {
    const labels = Object.fromEntries(labelNames.map((name, index) => [name, values[index]]));
    histogram.observe(labels as Record<string, string | number>, seconds);
  }
  return registry.metrics();
}

/** A histogram of durations by statement, as the metrics keep them, in `registry`. */
const statementHistogram = (registry: Registry) =>
  createCountedHistogram({
    name: 'coach_test_seconds',
    help: 'Durations',
    labelNames: ['statement'],
    buckets,
    registry,
  });

describe('a counted histogram', () => {
  const observations: [number, string, string, number][] = [
    [0.005, '/api/health', 'GET', 200],
    [0.05, '/api/health', 'GET', 200],
    [2, '/api/health', 'GET', 200],
    [0.1, '/api/clients/:clientId', 'GET', 404],
    [0.5, 'a "quoted"\nroute \\ here', 'POST', 500],
  ];

  it("writes the text prom-client's Histogram writes for the same observations, escaping included", async () => {
    const registry = new CountedRegistry();
    const histogram = createCountedHistogram({
      name: 'coach_test_seconds',
      help: 'A test\'s durations, with a "quote" and a \\ backslash',
      labelNames: ['route', 'method', 'status'],
      buckets,
      registry,
    });
    for (const [seconds, route, method, status] of observations) {
      histogram.observe(seconds, route, method, status);
    }
    const expected = await promClientText(['route', 'method', 'status'], observations);
    const lines = (text: string) => text.split('\n').sort();
    expect(lines(await registry.metrics())).toEqual(lines(expected));
    expect(await registry.metrics()).toContain(
      'coach_test_seconds_bucket{le="0.1",route="/api/health",method="GET",status="200"} 2',
    );
  });

  it('writes the same text through a plain registry (prom-client formatting its values)', async () => {
    const counted = new CountedRegistry();
    const plain = new Registry();
    for (const registry of [counted, plain]) {
      const histogram = statementHistogram(registry);
      histogram.observe(0.002, 'select persons');
      histogram.observe(0.2, 'select persons');
      histogram.observe(3, 'commit');
    }
    expect(await counted.metrics()).toBe(await plain.metrics());
    expect(await counted.metrics()).toContain(
      'coach_test_seconds_bucket{le="+Inf",statement="select persons"} 2',
    );
    expect(await counted.metrics()).toContain('coach_test_seconds_count{statement="commit"} 1');
  });

  it('keeps one series per distinct set of labels, and none before the first observation', async () => {
    const registry = new CountedRegistry();
    const histogram = createCountedHistogram({
      name: 'coach_test_seconds',
      help: 'Durations',
      labelNames: ['route', 'method'],
      buckets,
      registry,
    });
    expect(await registry.metrics()).toBe(
      '# HELP coach_test_seconds Durations\n# TYPE coach_test_seconds histogram\n',
    );
    for (let call = 0; call < 100; call++)
      histogram.observe(0.001, '/a', call % 2 ? 'GET' : 'POST');
    const counts = (await registry.metrics()).split('\n').filter((line) => line.includes('_count'));
    expect(counts.sort()).toEqual([
      'coach_test_seconds_count{route="/a",method="GET"} 50',
      'coach_test_seconds_count{route="/a",method="POST"} 50',
    ]);
  });

  it('is written by its own text in a CountedRegistry, not through prom-client formatting', async () => {
    const registry = new CountedRegistry();
    const histogram = statementHistogram(registry);
    histogram.observe(0.002, 'select persons');
    const metric = registry.getSingleMetric('coach_test_seconds') as unknown as {
      text(): string;
      get(): Promise<unknown>;
    };
    const text = vi.spyOn(metric, 'text');
    const values = vi.spyOn(metric, 'get');
    expect(await registry.metrics()).toContain(
      'coach_test_seconds_count{statement="select persons"} 1',
    );
    expect([text.mock.calls.length, values.mock.calls.length]).toEqual([1, 0]);
  });
});
