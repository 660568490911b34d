// The device-metrics enumerations without schemas: deviceMetrics.ts of the contract builds the
// schemas on them, the metric bounds and the app narrow values with them.

/** Kinds of device sample: HRV (ms), pulse (b/min), respiratory rate (breaths/min). */
export const metricKindNames = ['hrv', 'pulse', 'respiratory'] as const;
/** A kind of device sample. */
export type MetricKind = (typeof metricKindNames)[number];
