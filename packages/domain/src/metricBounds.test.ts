import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type MetricBatchInput,
  type MetricSampleInput,
  physiologicalRangeError,
  type UsageSessionInput,
  validateMetricBatch,
} from './metricBounds.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

const sample = (overrides: Partial<MetricSampleInput> = {}): MetricSampleInput => ({
  id: randomUUID(),
  kind: 'pulse',
  value: 62,
  measuredAt: ago(hour),
  ...overrides,
});
const session = (overrides: Partial<UsageSessionInput> = {}): UsageSessionInput => ({
  id: randomUUID(),
  startedAt: ago(2 * hour),
  endedAt: ago(hour),
  ...overrides,
});
const errorsOf = (batch: MetricBatchInput): string[] => {
  const result = validateMetricBatch(batch, now);
  return result.ok ? [] : result.errors;
};

describe('validateMetricBatch: a clean batch', () => {
  it('returns the samples and sessions with parsed dates and lower-cased ids', () => {
    const id = 'A1B2C3D4-0000-4000-8000-00000000000F';
    const result = validateMetricBatch(
      { samples: [sample({ id, kind: 'hrv', value: 48 })], sessions: [session()] },
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.batch.samples).toEqual([
      { id: id.toLowerCase(), kind: 'hrv', value: 48, measuredAt: new Date(ago(hour)) },
    ]);
    expect(result.batch.sessions).toHaveLength(1);
    expect(result.batch.sessions[0]?.startedAt).toEqual(new Date(ago(2 * hour)));
  });

  it('accepts an empty batch (nothing to store)', () => {
    expect(validateMetricBatch({}, now)).toEqual({
      ok: true,
      batch: { samples: [], sessions: [] },
    });
  });
});

describe('physiological ranges, both ends included', () => {
  it.each([
    ['hrv', 5, true],
    ['hrv', 4.9, false],
    ['hrv', 300, true],
    ['hrv', 300.1, false],
    ['pulse', 25, true],
    ['pulse', 24.9, false],
    ['pulse', 250, true],
    ['pulse', 251, false],
    ['respiratory', 4, true],
    ['respiratory', 3.9, false],
    ['respiratory', 60, true],
    ['respiratory', 60.5, false],
    ['pulse', Number.NaN, false],
    ['pulse', Number.POSITIVE_INFINITY, false],
  ] as const)('%s %d accepted: %s', (kind, value, accepted) => {
    expect(physiologicalRangeError(kind, value) === null).toBe(accepted);
    expect(errorsOf({ samples: [sample({ kind, value })] }).length === 0).toBe(accepted);
  });

  it('says which sample, what value and the range', () => {
    expect(errorsOf({ samples: [sample(), sample({ kind: 'pulse', value: 300 })] })).toEqual([
      'samples[1].value: pulse 300 b/min is outside 25..250 b/min',
    ]);
  });

  it('refuses an unknown kind', () => {
    expect(errorsOf({ samples: [sample({ kind: 'spo2' })] })).toEqual([
      "samples[0].kind: 'spo2' is not one of hrv, pulse, respiratory",
    ]);
  });
});

describe('timestamps', () => {
  it('allows 2 minutes of clock skew into the future, not more', () => {
    expect(errorsOf({ samples: [sample({ measuredAt: ago(-2 * minute) })] })).toEqual([]);
    expect(errorsOf({ samples: [sample({ measuredAt: ago(-2 * minute - 1) })] })).toEqual([
      'samples[0].measuredAt: 2026-03-10T12:02:00.001Z is in the future',
    ]);
  });

  it('allows 30 days of age, not more', () => {
    expect(errorsOf({ samples: [sample({ measuredAt: ago(30 * day) })] })).toEqual([]);
    expect(errorsOf({ samples: [sample({ measuredAt: ago(30 * day + 1) })] })).toEqual([
      'samples[0].measuredAt: 2026-02-08T11:59:59.999Z is older than 30 days',
    ]);
  });

  it('refuses an invalid date', () => {
    expect(errorsOf({ samples: [sample({ measuredAt: 'yesterday' })] })).toEqual([
      "samples[0].measuredAt: 'yesterday' is not a valid date-time",
    ]);
  });

  it('refuses a session in the future', () => {
    expect(
      errorsOf({ sessions: [session({ startedAt: ago(-hour), endedAt: ago(-2 * hour) })] }),
    ).toEqual([
      'sessions[0].startedAt: 2026-03-10T13:00:00.000Z is in the future',
      'sessions[0].endedAt: 2026-03-10T14:00:00.000Z is in the future',
    ]);
  });
});

describe('sessions', () => {
  it('must end after they start', () => {
    const at = ago(hour);
    expect(errorsOf({ sessions: [session({ startedAt: at, endedAt: at })] })).toEqual([
      'sessions[0]: endedAt must be after startedAt',
    ]);
    expect(
      errorsOf({ sessions: [session({ startedAt: ago(hour), endedAt: ago(2 * hour) })] }),
    ).toEqual(['sessions[0]: endedAt must be after startedAt']);
  });

  it('last at most 24 h', () => {
    expect(
      errorsOf({ sessions: [session({ startedAt: ago(25 * hour), endedAt: ago(hour) })] }),
    ).toEqual([]);
    expect(
      errorsOf({ sessions: [session({ startedAt: ago(25 * hour + 1), endedAt: ago(hour) })] }),
    ).toEqual(['sessions[0]: a session lasts at most 24 h']);
  });
});

describe('ids', () => {
  it('must be UUIDs', () => {
    expect(errorsOf({ samples: [sample({ id: 'sample-1' })] })).toEqual([
      "samples[0].id: 'sample-1' is not a UUID",
    ]);
  });

  it('must be unique within the batch, samples and sessions together, whatever the case', () => {
    const id = randomUUID();
    expect(
      errorsOf({
        samples: [sample({ id }), sample({ id: id.toUpperCase() })],
        sessions: [session({ id })],
      }),
    ).toEqual([
      `samples[1].id: '${id.toUpperCase()}' is used twice in the batch (also samples[0])`,
      `sessions[0].id: '${id}' is used twice in the batch (also samples[0])`,
    ]);
  });
});

describe('batch size', () => {
  it('accepts 1000 samples and 100 sessions', () => {
    const batch = {
      samples: Array.from({ length: 1000 }, () => sample()),
      sessions: Array.from({ length: 100 }, () => session()),
    };
    expect(validateMetricBatch(batch, now).ok).toBe(true);
  });

  it('refuses 1001 samples or 101 sessions without checking them one by one', () => {
    expect(
      errorsOf({
        samples: Array.from({ length: 1001 }, () => sample({ value: -1 })),
        sessions: Array.from({ length: 101 }, () => session()),
      }),
    ).toEqual([
      'samples: 1001 samples exceed the limit of 1000 per batch',
      'sessions: 101 sessions exceed the limit of 100 per batch',
    ]);
  });

  it('lists at most 20 errors, then counts the rest', () => {
    const errors = errorsOf({ samples: Array.from({ length: 25 }, () => sample({ value: 0 })) });
    expect(errors).toHaveLength(21);
    expect(errors[20]).toBe('... and 5 more errors');
  });
});

describe('validateMetricBatch properties', () => {
  it('accepts exactly the batches whose every value and time is in bounds', () => {
    const kind = fc.constantFrom('hrv', 'pulse', 'respiratory' as const);
    const arbitrarySample = fc.record({
      id: fc.uuid(),
      kind,
      value: fc.double({ min: 0, max: 400, noNaN: true }),
      measuredAt: fc
        .integer({ min: -31 * day, max: 5 * minute })
        .map((offset) => new Date(now.getTime() + offset)),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitrarySample, { maxLength: 20, selector: (s) => s.id }),
        (samples) => {
          const result = validateMetricBatch({ samples }, now);
          const inBounds = samples.every(
            (s) =>
              physiologicalRangeError(s.kind, s.value) === null &&
              s.measuredAt.getTime() <= now.getTime() + 2 * minute &&
              s.measuredAt.getTime() >= now.getTime() - 30 * day,
          );
          expect(result.ok).toBe(inBounds);
          if (result.ok) expect(result.batch.samples).toHaveLength(samples.length);
        },
      ),
    );
  });
});
