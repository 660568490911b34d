import { Box } from '@chakra-ui/react';
import { Group } from '@visx/group';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveDayMarkers } from './ActiveDayMarkers.tsx';
import { ChartAxes } from './ChartAxes.tsx';
import { ChartBackdrop, NoDataHatch } from './ChartBackdrop.tsx';
import { ChartDayDetails } from './ChartDayDetails.tsx';
import { ChartTooltip } from './ChartTooltip.tsx';
import { IndicatorLines } from './IndicatorLines.tsx';
import type { IndicatorChartData } from './indicatorChartData.ts';
import { chartHeight, chartMargin, indicatorChartLayout } from './indicatorChartLayout.ts';
import { useActiveDay } from './useActiveDay.ts';
import { useElementWidth } from './useElementWidth.ts';

export type IndicatorChartProps = {
  chart: IndicatorChartData;
  formatDate: (date: string) => string;
  formatValue: (value: number) => string;
};

/**
 * Productivity, mental and physical per day (visx over SVG): the 70 % lagging line, each phase's
 * start, hatched 'no data' days and lines broken over them, a tooltip on hover and, for keyboard
 * users, on the arrow keys. Loaded on its own chunk when the profile shows it.
 */
export function IndicatorChart({ chart, formatDate, formatValue }: IndicatorChartProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const hatchId = useId();
  const helpId = useId();
  const count = chart.days.length;
  const layout = indicatorChartLayout(chart, width);
  const { active, handlePointerMove, handleKeyDown, clearActive } = useActiveDay(
    count,
    layout.band,
  );
  const activeDay = active === null ? undefined : chart.days[active];

  return (
    <Box
      ref={containerRef}
      position="relative"
      tabIndex={0}
      role="group"
      aria-label={t('profileCharts.chartLabel', {
        from: formatDate(chart.days[0]?.date ?? ''),
        to: formatDate(chart.days[count - 1]?.date ?? ''),
      })}
      aria-describedby={helpId}
      onKeyDown={handleKeyDown}
      onBlur={clearActive}
      borderRadius="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' }}
    >
      <Box id={helpId} srOnly>
        {t('profileCharts.chartHelp')}
      </Box>
      {width > 0 && (
        <svg width={width} height={chartHeight} aria-hidden="true" data-testid="indicator-chart">
          <defs>
            <NoDataHatch id={hatchId} />
          </defs>
          <Group left={chartMargin.left} top={chartMargin.top}>
            <ChartBackdrop chart={chart} layout={layout} hatchId={hatchId} />
            <IndicatorLines chart={chart} layout={layout} />
            {activeDay && active !== null && (
              <ActiveDayMarkers day={activeDay} index={active} layout={layout} />
            )}
            <ChartAxes chart={chart} layout={layout} formatDate={formatDate} />
            <rect
              width={layout.innerWidth}
              height={layout.innerHeight}
              fill="transparent"
              onPointerMove={handlePointerMove}
              onPointerLeave={clearActive}
            />
          </Group>
        </svg>
      )}
      {/* Announced as the arrow keys move; the drawn tooltip below is for the eyes only. */}
      <Box srOnly role="status">
        {activeDay && (
          <ChartDayDetails day={activeDay} formatDate={formatDate} formatValue={formatValue} />
        )}
      </Box>
      {activeDay && active !== null && (
        <ChartTooltip
          day={activeDay}
          index={active}
          layout={layout}
          formatDate={formatDate}
          formatValue={formatValue}
        />
      )}
    </Box>
  );
}
