import { scaleBand, scaleLinear } from '@visx/scale';
import type { IndicatorChartData } from './indicatorChartData.ts';

export const chartHeight = 260;
export const chartMargin = { top: 22, right: 12, bottom: 28, left: 60 };

/** The chart's geometry at one width: see `indicatorChartLayout`. */
export type IndicatorChartLayout = ReturnType<typeof indicatorChartLayout>;

/**
 * The chart's geometry at a width: a band a day across and 0 to 100 % up inside the margins,
 * each day's centre, and the days whose date labels the bottom axis (about one per 72 px).
 */
export function indicatorChartLayout(chart: IndicatorChartData, width: number) {
  const count = chart.days.length;
  const innerWidth = Math.max(0, width - chartMargin.left - chartMargin.right);
  const innerHeight = chartHeight - chartMargin.top - chartMargin.bottom;
  const x = scaleBand<number>({
    domain: chart.days.map((_, index) => index),
    range: [0, innerWidth],
  });
  const y = scaleLinear<number>({ domain: [0, 100], range: [innerHeight, 0] });
  const band = x.bandwidth();
  const centre = (index: number) => (x(index) ?? 0) + band / 2;
  const tickStep = Math.max(1, Math.ceil(count / Math.max(1, Math.floor(innerWidth / 72))));
  const xTicks = chart.days.map((_, index) => index).filter((index) => index % tickStep === 0);
  return { width, innerWidth, innerHeight, x, y, band, centre, xTicks };
}
