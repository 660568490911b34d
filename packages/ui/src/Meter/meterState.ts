/** What a meter shows for a value: computed apart from rendering so it can be tested alone. */
export type MeterState = {
  /** True when there is no value to show (null, undefined or not a finite number). */
  isEmpty: boolean;
  /** The value clamped to 0..max, or null when empty. */
  value: number | null;
  /** The value of a full bar (100 when the given one is not a positive number). */
  max: number;
  /** How full the bar is, 0..100. */
  percent: number;
  /** Where the threshold marker sits, 0..100, or null without a threshold. */
  thresholdPercent: number | null;
  /** True when the value is under the threshold (strictly: at the threshold is not lagging). */
  isLagging: boolean;
};

export type MeterStateInput = {
  value: number | null | undefined;
  /** The value of a full bar. Defaults to 100 (a percentage). */
  max?: number;
  /** Values under it are lagging. In the same unit as `value`. */
  threshold?: number;
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Clamps a meter value to 0..max and tells whether it is lagging.
 * A value under the threshold is lagging; a value equal to it is not (69.9 lags 70, 70 does not).
 */
export function getMeterState({ value, max = 100, threshold }: MeterStateInput): MeterState {
  const safeMax = isNumber(max) && max > 0 ? max : 100;
  const thresholdPercent = isNumber(threshold)
    ? (clamp(threshold, 0, safeMax) / safeMax) * 100
    : null;
  if (!isNumber(value)) {
    return {
      isEmpty: true,
      value: null,
      max: safeMax,
      percent: 0,
      thresholdPercent,
      isLagging: false,
    };
  }
  const clamped = clamp(value, 0, safeMax);
  return {
    isEmpty: false,
    value: clamped,
    max: safeMax,
    percent: (clamped / safeMax) * 100,
    thresholdPercent,
    isLagging: isNumber(threshold) && clamped < threshold,
  };
}
