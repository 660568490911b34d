import { laggingLimitPercent } from '@coach/domain';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { useTranslation } from 'react-i18next';
import { chartColours } from './chartStyle.ts';
import type { IndicatorChartData } from './indicatorChartData.ts';
import type { IndicatorChartLayout } from './indicatorChartLayout.ts';

// 75 gives way to the lagging limit's own label: the two would overlap.
const yTicks = [0, 25, 50, laggingLimitPercent, 100];

export type ChartAxesProps = {
  chart: IndicatorChartData;
  layout: IndicatorChartLayout;
  formatDate: (date: string) => string;
};

/** The percentages up the left, the lagging limit's in its colour, and the dates along the bottom. */
export function ChartAxes({ chart, layout, formatDate }: ChartAxesProps) {
  const { t } = useTranslation();
  const { x, y, innerHeight, xTicks } = layout;
  return (
    <>
      <AxisLeft
        scale={y}
        tickValues={yTicks}
        tickFormat={(value) => t('profileCharts.percent', { value })}
        stroke={chartColours.grid}
        tickStroke={chartColours.grid}
        tickLabelProps={(value) => ({
          // A function replaces visx's defaults: the left axis's anchor and offsets again.
          textAnchor: 'end',
          dx: '-0.25em',
          dy: '0.33em',
          fill: value === laggingLimitPercent ? chartColours.laggingLine : chartColours.axis,
          fontSize: 11,
          fontWeight: value === laggingLimitPercent ? 600 : 400,
        })}
      />
      <AxisBottom
        top={innerHeight}
        scale={x}
        tickValues={xTicks}
        tickFormat={(index) => formatDate(chart.days[index]?.date ?? '')}
        stroke={chartColours.grid}
        tickStroke={chartColours.grid}
        tickLabelProps={{ fill: chartColours.axis, fontSize: 11 }}
      />
    </>
  );
}
