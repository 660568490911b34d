import { HStack, Stack, Text } from '@chakra-ui/react';
import { Button, LoadingPlaceholder } from '@coach/ui';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { createChartFormats } from './chartFormats.ts';
import { type ChartRange, defaultChartRange } from './chartRange.ts';
import { IndicatorTable } from './IndicatorTable.tsx';
import { toIndicatorChart } from './indicatorChartData.ts';
import { RangeChoice } from './RangeChoice.tsx';
import { refreshSeriesAtom, seriesAtoms } from './seriesAtoms.ts';

// The chart library (visx) is loaded only when a profile shows its chart: its own chunk.
const IndicatorChart = lazy(() =>
  import('./IndicatorChart.tsx').then((module) => ({ default: module.IndicatorChart })),
);

export type IndicatorsSectionProps = { clientId: string };

/**
 * 'Indicators per day' of the client profile: productivity, mental and physical over the chosen
 * range with the 70 % line and the phases, and the same figures as a table on demand. Loads and
 * fails on its own ('Error processing indicators', with a retry).
 */
export function IndicatorsSection({ clientId }: IndicatorsSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [range, setRange] = useState<ChartRange>(defaultChartRange);
  const [isTableShown, setTableShown] = useState(false);
  const series = useAtomValue(seriesAtoms(clientId, range).loadable);
  const refresh = useSetAtom(refreshSeriesAtom);
  const formats = useMemo(() => createChartFormats(locale), [locale]);
  const data = series.state === 'hasData' ? series.data : null;
  const chart = useMemo(() => (data ? toIndicatorChart(data.days, data.stepStarts) : null), [data]);
  const tableId = useId();

  const body = () => {
    if (series.state === 'hasError')
      return (
        <SectionFailed
          message={t('profileCharts.indicatorsFailed')}
          error={series.error}
          onRetry={() => refresh(clientId)}
        />
      );
    if (chart === null) {
      return (
        <LoadingPlaceholder
          variant="block"
          height="260px"
          label={t('profileCharts.indicatorsLoading')}
        />
      );
    }
    if (chart.daysWithData === 0)
      return <Text color="fg.muted">{t('profileCharts.noDataYet')}</Text>;
    return (
      <Stack gap="3">
        <ChartLegend />
        <Suspense
          fallback={
            <LoadingPlaceholder
              variant="block"
              height="260px"
              label={t('profileCharts.indicatorsLoading')}
            />
          }
        >
          <IndicatorChart chart={chart} formatDate={formats.date} formatValue={formats.value} />
        </Suspense>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted">
            {t('profileCharts.daysWithData', {
              count: chart.daysWithData,
              total: chart.days.length,
            })}
          </Text>
          <Button
            variant="link"
            aria-expanded={isTableShown}
            aria-controls={isTableShown ? tableId : undefined}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {isTableShown ? t('profileCharts.hideTable') : t('profileCharts.showTable')}
          </Button>
        </HStack>
        {isTableShown && (
          <IndicatorTable
            id={tableId}
            chart={chart}
            formatDate={formats.date}
            formatValue={formats.value}
          />
        )}
      </Stack>
    );
  };

  return (
    <SectionCard
      title={t('profileCharts.indicatorsTitle')}
      actions={<RangeChoice value={range} onChange={setRange} />}
      isBusy={series.state === 'loading'}
    >
      {body()}
    </SectionCard>
  );
}
