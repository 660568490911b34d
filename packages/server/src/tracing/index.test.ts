import { describe, expect, it } from 'vitest';
import { isTracingConfigured, loadTracing } from './index.ts';

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
