import { Box, HStack, Table, Text } from '@chakra-ui/react';
import { goalEffectNames } from '@coach/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chartIndicators } from './indicatorChartData.ts';
import { completionKinds, type EffectCounts, type PhaseFigures } from './phaseComparison.ts';

export type PhaseComparisonTableProps = {
  phases: PhaseFigures[];
  formatDate: (date: string) => string;
  formatValue: (value: number) => string;
};

type ReachedPhase = PhaseFigures & { isReached: true };

/** Each effect level's colour, worst to best (the words carry the meaning; the colour helps). */
const effectColours: Record<keyof EffectCounts, string> = {
  negative: 'error.600',
  moderatelyNegative: 'lagging.500',
  neutral: 'ink.400',
  moderatelyPositive: 'brand.400',
  positive: 'success.600',
  unmeasured: 'transparent',
};

const effectRows = [...goalEffectNames, 'unmeasured'] as const;

function GroupRow({ children }: { children: ReactNode }) {
  return (
    <Table.Row bg="bg.subtle">
      <Table.ColumnHeader colSpan={4} scope="colgroup" color="fg" fontWeight="semibold">
        {children}
      </Table.ColumnHeader>
    </Table.Row>
  );
}

/**
 * Learn, Sense and Grow side by side as one table (a column per phase, a row per figure), so a
 * screen reader reads each figure with its phase; a phase not reached shows a dash.
 */
export function PhaseComparisonTable({
  phases,
  formatDate,
  formatValue,
}: PhaseComparisonTableProps) {
  const { t } = useTranslation();
  const cells = (render: (phase: ReachedPhase) => ReactNode) =>
    phases.map((phase) => (
      <Table.Cell key={phase.step} textAlign="end">
        {phase.isReached ? (
          render(phase)
        ) : (
          <Text as="span" color="fg.muted" aria-label={t('profileCharts.notReached')}>
            —
          </Text>
        )}
      </Table.Cell>
    ));

  return (
    <Table.Root size="sm" tableLayout="fixed">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader scope="col" width="34%">
            <Box srOnly>{t('profileCharts.phase')}</Box>
          </Table.ColumnHeader>
          {phases.map((phase) => (
            <Table.ColumnHeader key={phase.step} scope="col" textAlign="end" verticalAlign="top">
              <Text fontWeight="semibold" color="fg">
                {t(`profileCharts.phases.${phase.step}`)}
              </Text>
              <Text
                fontWeight="normal"
                color={phase.isReached && phase.isCurrent ? 'accent.emphasized' : 'fg.muted'}
              >
                {!phase.isReached
                  ? t('profileCharts.notReached')
                  : phase.isCurrent
                    ? t('profileCharts.currentPhase')
                    : t('profileCharts.since', { date: formatDate(phase.startDate) })}
              </Text>
              {phase.isReached && (
                <Text fontWeight="normal" color="fg.muted">
                  {phase.isCurrent &&
                    `${t('profileCharts.since', { date: formatDate(phase.startDate) })}, `}
                  {t('profileCharts.days', { count: phase.dayCount })}
                </Text>
              )}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        <GroupRow>{t('profileCharts.averages')}</GroupRow>
        {chartIndicators.map((indicator) => (
          <Table.Row key={indicator}>
            <Table.Cell as="th" scope="row" fontWeight="normal">
              {t(`profileCharts.indicators.${indicator}`)}
            </Table.Cell>
            {cells((phase) => {
              const value = phase.averages[indicator];
              if (value === null) {
                return (
                  <Text as="span" color="fg.muted">
                    {phase.step === 'grow'
                      ? t('profileCharts.noReflectionsInGrow')
                      : t('profileCharts.noData')}
                  </Text>
                );
              }
              // Only the current phase is flagged: past phases' figures can no longer change.
              const isLow = phase.isCurrent && value < 70;
              return (
                <Text
                  as="span"
                  color={isLow ? 'lagging.fg' : 'fg'}
                  fontWeight={isLow ? 'semibold' : 'normal'}
                >
                  {t('profileCharts.percent', { value: formatValue(value) })}
                  {isLow && ` (${t('profileCharts.belowLimit')})`}
                </Text>
              );
            })}
          </Table.Row>
        ))}
        <GroupRow>{t('profileCharts.completion')}</GroupRow>
        {completionKinds.map((kind) => (
          <Table.Row key={kind}>
            <Table.Cell as="th" scope="row" fontWeight="normal">
              {t(`profileCharts.completionKinds.${kind}`)}
            </Table.Cell>
            {cells((phase) => {
              const { completed, scheduled } = phase.completion[kind];
              return (
                <Text
                  as="span"
                  aria-label={t('profileCharts.ratioLabel', { completed, scheduled })}
                >
                  {t('profileCharts.ratio', { completed, scheduled })}
                </Text>
              );
            })}
          </Table.Row>
        ))}
        <GroupRow>{t('profileCharts.effects')}</GroupRow>
        {effectRows.map((level) => (
          <Table.Row key={level}>
            <Table.Cell as="th" scope="row" fontWeight="normal">
              <HStack gap="2">
                <Box
                  aria-hidden="true"
                  boxSize="2.5"
                  borderRadius="full"
                  bg={effectColours[level]}
                  borderWidth={level === 'unmeasured' ? '1px' : 0}
                  borderColor="border.emphasized"
                />
                {t(`profileCharts.effectLevels.${level}`)}
              </HStack>
            </Table.Cell>
            {cells((phase) => phase.effects[level])}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
