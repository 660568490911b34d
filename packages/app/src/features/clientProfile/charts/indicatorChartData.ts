import type { SeriesDay } from '@coach/api';
import {
  type Indicator,
  isLagging,
  type JourneyStep,
  type StepStart,
  sortStepStarts,
  stepOfDate,
} from '@coach/domain';

/** The indicators the chart draws, in the order of the legend and the table. */
export const chartIndicators = [
  'productivity',
  'mental',
  'physical',
] as const satisfies readonly Indicator[];

/** One day of the chart: its figures (null: no reflection that day) and the phase it belongs to. */
export type ChartDay = {
  date: string;
  /** The journey step of the date; null before the journey (never inside a chart range). */
  step: JourneyStep | null;
  values: Record<Indicator, number | null>;
  /** No indicator has a figure: drawn as a hatched 'no data' day, never as a zero. */
  isNoData: boolean;
  /** Which figures are under the 70 % lagging limit. */
  lagging: Record<Indicator, boolean>;
};

/** A run of consecutive days with a figure: one piece of a line (a gap ends it). */
type ChartSegment = { startIndex: number; values: number[] };

/** Where a phase starts inside the range (the first day of the range counts when a phase starts on it). */
type PhaseMark = { index: number; date: string; step: JourneyStep };

/** What the indicators chart and its table draw. */
export type IndicatorChartData = {
  days: ChartDay[];
  segments: Record<Indicator, ChartSegment[]>;
  /** Each phase's first day in the range, and the phase the range opens in (index 0). */
  phases: PhaseMark[];
  /** Days with at least one figure. */
  daysWithData: number;
};

/** A segment per run of days with a figure, so that a line breaks over a day without one. */
function segmentsOf(days: readonly ChartDay[], indicator: Indicator): ChartSegment[] {
  const segments: ChartSegment[] = [];
  let current: ChartSegment | null = null;
  days.forEach((day, index) => {
    const value = day.values[indicator];
    if (value === null) {
      current = null;
      return;
    }
    if (current === null) {
      current = { startIndex: index, values: [] };
      segments.push(current);
    }
    current.values.push(value);
  });
  return segments;
}

/**
 * The chart's data from a client's series and the started steps of their journey: each day with
 * its phase, lines broken where a day has no figure, and the phases marked where they start.
 */
export function toIndicatorChart(
  series: readonly SeriesDay[],
  stepStarts: readonly StepStart[],
): IndicatorChartData {
  const sorted = sortStepStarts(stepStarts);
  const days = series.map((day): ChartDay => {
    const values = { productivity: day.productivity, mental: day.mental, physical: day.physical };
    return {
      date: day.date,
      step: stepOfDate(sorted, day.date)?.step ?? null,
      values,
      isNoData: chartIndicators.every((indicator) => values[indicator] === null),
      lagging: {
        productivity: isLagging(values.productivity),
        mental: isLagging(values.mental),
        physical: isLagging(values.physical),
      },
    };
  });
  const phases: PhaseMark[] = [];
  days.forEach((day, index) => {
    if (day.step !== null && day.step !== days[index - 1]?.step) {
      phases.push({ index, date: day.date, step: day.step });
    }
  });
  return {
    days,
    segments: {
      productivity: segmentsOf(days, 'productivity'),
      mental: segmentsOf(days, 'mental'),
      physical: segmentsOf(days, 'physical'),
    },
    phases,
    daysWithData: days.filter((day) => !day.isNoData).length,
  };
}
