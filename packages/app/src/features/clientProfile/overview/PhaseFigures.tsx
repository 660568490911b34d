import { SimpleGrid } from '@chakra-ui/react';
import type { ClientProfileSummary } from '@coach/api';
import { Stat } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import { indicatorColumns } from '../../../core/clientList/index.ts';

export type PhaseFiguresProps = { summary: ClientProfileSummary; formats: ClientFormats };

const completions = ['exercises', 'reflections', 'assessments'] as const;

/**
 * The phase at a glance, from the summary alone (no call of its own): each indicator's average
 * over the phase (lagging ones marked) and what the client completed of what was scheduled.
 */
export function PhaseFigures({ summary, formats }: PhaseFiguresProps) {
  const { t } = useTranslation();
  const { indicators } = summary;
  return (
    <SimpleGrid columns={{ base: 3, '2xl': 6 }} gap="4">
      {indicatorColumns.map((indicator) => {
        const figure = indicators[indicator];
        return (
          <Stat
            key={indicator}
            size="sm"
            label={t(`clients.columns.${indicator}`)}
            value={
              figure.value === null
                ? null
                : t('clients.percent', { value: formats.number(figure.value) })
            }
            isLagging={figure.lagging}
            laggingText={t('clients.lagging')}
            emptyText={t('clients.noFigures')}
            helpText={
              indicators.basis === 'previousPhase'
                ? t('clients.previousAverage', { phase: t(`profile.phases.${indicators.phase}`) })
                : undefined
            }
          />
        );
      })}
      {completions.map((kind) => (
        <Stat
          key={kind}
          size="sm"
          label={t(`clients.columns.${kind}`)}
          value={t('clients.completion', summary[kind])}
          helpText={t('clients.completionLabel', summary[kind])}
        />
      ))}
    </SimpleGrid>
  );
}
