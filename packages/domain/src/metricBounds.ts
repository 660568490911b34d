import { type MetricKind, metricKindNames } from './values/deviceMetricsValues.ts';
import { isOneOf } from './values/isOneOf.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Accepted values per kind, both ends included. */
export const physiologicalRanges = {
  hrv: { min: 5, max: 300, unit: 'ms' },
  pulse: { min: 25, max: 250, unit: 'b/min' },
  respiratory: { min: 4, max: 60, unit: 'breaths/min' },
} as const satisfies Record<MetricKind, { min: number; max: number; unit: string }>;

export type MetricBatchLimits = {
  maxSamples: number;
  maxSessions: number;
  /** How far past `now` a timestamp may be (device clocks drift). */
  clockSkewMs: number;
  /** How far before `now` a timestamp may be. */
  maxAgeMs: number;
  maxSessionMs: number;
  /** At most this many messages are listed; the rest are counted in a last one. */
  maxErrors: number;
};

export const defaultMetricBatchLimits: MetricBatchLimits = {
  maxSamples: 1000,
  maxSessions: 100,
  clockSkewMs: 2 * minuteMs,
  maxAgeMs: 30 * dayMs,
  maxSessionMs: 24 * hourMs,
  maxErrors: 20,
};

/** A sample as the client's app sends it (already shape-checked by the API schema). */
export type MetricSampleInput = {
  id: string;
  kind: string;
  value: number;
  measuredAt: string | Date;
};
export type UsageSessionInput = { id: string; startedAt: string | Date; endedAt: string | Date };
export type MetricBatchInput = {
  samples?: readonly MetricSampleInput[];
  sessions?: readonly UsageSessionInput[];
};

export type MetricSample = { id: string; kind: MetricKind; value: number; measuredAt: Date };
export type UsageSessionRecord = { id: string; startedAt: Date; endedAt: Date };
export type MetricBatch = { samples: MetricSample[]; sessions: UsageSessionRecord[] };

export type MetricBatchResult = { ok: true; batch: MetricBatch } | { ok: false; errors: string[] };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The message for a value outside its kind's range, or null when it is inside. */
export function physiologicalRangeError(kind: MetricKind, value: number): string | null {
  const range = physiologicalRanges[kind];
  if (Number.isFinite(value) && value >= range.min && value <= range.max) return null;
  return `${kind} ${value} ${range.unit} is outside ${range.min}..${range.max} ${range.unit}`;
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Checks a batch of device samples and app-usage sessions against the bounds: batch sizes,
 * UUID ids unique within the batch, physiological ranges, timestamps neither in the future
 * (beyond the clock skew) nor older than 30 days, sessions ending after they start and at most
 * 24 h long. Either the whole batch is clean (ids lower-cased, dates parsed) or nothing is:
 * the errors say where (`samples[3].value: ...`) and why.
 */
export function validateMetricBatch(
  input: MetricBatchInput,
  now: Date,
  limits: MetricBatchLimits = defaultMetricBatchLimits,
): MetricBatchResult {
  const samplesIn = input.samples ?? [];
  const sessionsIn = input.sessions ?? [];

  const sizeErrors: string[] = [];
  if (samplesIn.length > limits.maxSamples) {
    sizeErrors.push(
      `samples: ${samplesIn.length} samples exceed the limit of ${limits.maxSamples} per batch`,
    );
  }
  if (sessionsIn.length > limits.maxSessions) {
    sizeErrors.push(
      `sessions: ${sessionsIn.length} sessions exceed the limit of ${limits.maxSessions} per batch`,
    );
  }
  if (sizeErrors.length > 0) return { ok: false, errors: sizeErrors };

  const errors: string[] = [];
  const latestMs = now.getTime() + limits.clockSkewMs;
  const earliestMs = now.getTime() - limits.maxAgeMs;
  const seenIds = new Map<string, string>();

  const checkId = (id: string, where: string): string => {
    const normalised = id.toLowerCase();
    if (!uuidPattern.test(id)) {
      errors.push(`${where}.id: '${id}' is not a UUID`);
    } else if (seenIds.has(normalised)) {
      errors.push(
        `${where}.id: '${id}' is used twice in the batch (also ${seenIds.get(normalised)})`,
      );
    } else {
      seenIds.set(normalised, where);
    }
    return normalised;
  };
  const checkTime = (value: string | Date, where: string): Date | null => {
    const date = toDate(value);
    if (date === null) {
      errors.push(`${where}: '${String(value)}' is not a valid date-time`);
      return null;
    }
    if (date.getTime() > latestMs) {
      errors.push(`${where}: ${date.toISOString()} is in the future`);
    } else if (date.getTime() < earliestMs) {
      errors.push(`${where}: ${date.toISOString()} is older than ${limits.maxAgeMs / dayMs} days`);
    }
    return date;
  };

  const samples: MetricSample[] = [];
  samplesIn.forEach((sample, index) => {
    const where = `samples[${index}]`;
    const id = checkId(sample.id, where);
    const measuredAt = checkTime(sample.measuredAt, `${where}.measuredAt`);
    if (!isOneOf(metricKindNames, sample.kind)) {
      errors.push(`${where}.kind: '${sample.kind}' is not one of ${metricKindNames.join(', ')}`);
      return;
    }
    const rangeError = physiologicalRangeError(sample.kind, sample.value);
    if (rangeError !== null) errors.push(`${where}.value: ${rangeError}`);
    if (measuredAt !== null)
      samples.push({ id, kind: sample.kind, value: sample.value, measuredAt });
  });

  const sessions: UsageSessionRecord[] = [];
  sessionsIn.forEach((session, index) => {
    const where = `sessions[${index}]`;
    const id = checkId(session.id, where);
    const startedAt = checkTime(session.startedAt, `${where}.startedAt`);
    const endedAt = checkTime(session.endedAt, `${where}.endedAt`);
    if (startedAt === null || endedAt === null) return;
    const lengthMs = endedAt.getTime() - startedAt.getTime();
    if (lengthMs <= 0) {
      errors.push(`${where}: endedAt must be after startedAt`);
    } else if (lengthMs > limits.maxSessionMs) {
      errors.push(`${where}: a session lasts at most ${limits.maxSessionMs / hourMs} h`);
    }
    sessions.push({ id, startedAt, endedAt });
  });

  if (errors.length === 0) return { ok: true, batch: { samples, sessions } };
  if (errors.length <= limits.maxErrors) return { ok: false, errors };
  const hidden = errors.length - limits.maxErrors;
  return {
    ok: false,
    errors: [...errors.slice(0, limits.maxErrors), `... and ${hidden} more errors`],
  };
}
