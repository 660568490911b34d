import { ChartMarker } from './ChartMarker.tsx';
import { chartColours } from './chartStyle.ts';
import { type ChartDay, chartIndicators } from './indicatorChartData.ts';
import type { IndicatorChartLayout } from './indicatorChartLayout.ts';

export type ActiveDayMarkersProps = {
  day: ChartDay;
  index: number;
  layout: IndicatorChartLayout;
};

/** The tooltip's day on the chart: a vertical line and a larger marker on each value. */
export function ActiveDayMarkers({ day, index, layout }: ActiveDayMarkersProps) {
  const { y, centre, innerHeight } = layout;
  return (
    <g data-kind="active-day">
      <line
        x1={centre(index)}
        x2={centre(index)}
        y1={0}
        y2={innerHeight}
        stroke={chartColours.active}
      />
      {chartIndicators.map((indicator) => {
        const value = day.values[indicator];
        return value === null ? null : (
          <ChartMarker
            key={indicator}
            indicator={indicator}
            x={centre(index)}
            y={y(value)}
            size={5}
          />
        );
      })}
    </g>
  );
}
