import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChartMarker } from './ChartMarker.tsx';
import { chartColours, indicatorStyle } from './chartStyle.ts';
import { chartIndicators } from './indicatorChartData.ts';

/** What each line, the dashed 70 % line and the hatched days mean. */
export function ChartLegend() {
  const { t } = useTranslation();
  return (
    <HStack as="ul" listStyleType="none" gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
      {chartIndicators.map((indicator) => (
        <HStack as="li" key={indicator} gap="1.5">
          <svg width="22" height="10" aria-hidden="true">
            <line
              x1="0"
              x2="22"
              y1="5"
              y2="5"
              stroke={indicatorStyle[indicator].colour}
              strokeWidth="2"
            />
            <ChartMarker indicator={indicator} x={11} y={5} />
          </svg>
          <Text as="span">{t(`profileCharts.indicators.${indicator}`)}</Text>
        </HStack>
      ))}
      <HStack as="li" gap="1.5">
        <svg width="22" height="10" aria-hidden="true">
          <line
            x1="0"
            x2="22"
            y1="5"
            y2="5"
            stroke={chartColours.laggingLine}
            strokeWidth="1.5"
            strokeDasharray="6 4"
          />
        </svg>
        <Text as="span">{t('profileCharts.laggingLine')}</Text>
      </HStack>
      <HStack as="li" gap="1.5">
        <svg width="14" height="14" aria-hidden="true">
          <rect width="14" height="14" fill="none" stroke={chartColours.noData} />
          <path d="M0 14L14 0M-3 7L7 -3M7 17L17 7" stroke={chartColours.noData} strokeWidth="2" />
        </svg>
        <Text as="span">{t('profileCharts.noData')}</Text>
      </HStack>
    </HStack>
  );
}
