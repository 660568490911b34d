import { HStack, Text } from '@chakra-ui/react';
import type { ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartMarker } from './ChartMarker.tsx';
import { chartColours, indicatorStyle } from './chartStyle.ts';
import { chartIndicators } from './indicatorChartData.ts';

type LegendItemProps = { label: string; width?: number; height?: number; children: ReactNode };

/** One entry: a small drawing of what it names, then the name. */
function LegendItem({ label, width = 22, height = 10, children }: LegendItemProps) {
  return (
    <HStack as="li" gap="1.5">
      <svg width={width} height={height} aria-hidden="true">
        {children}
      </svg>
      <Text as="span">{label}</Text>
    </HStack>
  );
}

/** A stretch of a line across an entry's drawing, drawn as the chart draws it. */
function LegendLine(
  stroke: Pick<SVGProps<SVGLineElement>, 'stroke' | 'strokeWidth' | 'strokeDasharray'>,
) {
  return <line x1="0" x2="22" y1="5" y2="5" {...stroke} />;
}

/** What each line, the dashed 70 % line and the hatched days mean. */
export function ChartLegend() {
  const { t } = useTranslation();
  return (
    <HStack as="ul" listStyleType="none" gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
      {chartIndicators.map((indicator) => (
        <LegendItem key={indicator} label={t(`profileCharts.indicators.${indicator}`)}>
          <LegendLine stroke={indicatorStyle[indicator].colour} strokeWidth="2" />
          <ChartMarker indicator={indicator} x={11} y={5} />
        </LegendItem>
      ))}
      <LegendItem label={t('profileCharts.laggingLine')}>
        <LegendLine stroke={chartColours.laggingLine} strokeWidth="1.5" strokeDasharray="6 4" />
      </LegendItem>
      <LegendItem label={t('profileCharts.noData')} width={14} height={14}>
        <rect width="14" height="14" fill="none" stroke={chartColours.noData} />
        <path d="M0 14L14 0M-3 7L7 -3M7 17L17 7" stroke={chartColours.noData} strokeWidth="2" />
      </LegendItem>
    </HStack>
  );
}
