import { LoadingPlaceholder } from '@coach/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale.ts';
import { atom, useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { exercisesAtoms } from '../exercises/exercisesAtoms.ts';
import { journeyAtoms } from '../journey/journeyAtoms.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { createChartFormats } from './chartFormats.ts';
import { PhaseComparisonTable } from './PhaseComparisonTable.tsx';
import { comparePhases } from './phaseComparison.ts';
import { refreshSeriesAtom, seriesAtoms } from './seriesAtoms.ts';

export type PhaseComparisonSectionProps = { clientId: string };

/** Reads again what failed: the series over the whole journey (and the journey), the exercises. */
const retryPhaseFiguresAtom = atom(null, (get, set, clientId: string) => {
  set(refreshSeriesAtom, clientId);
  const exercises = exercisesAtoms(clientId);
  if (get(exercises.loadable).state === 'hasError') set(exercises.data, 'refresh');
});
retryPhaseFiguresAtom.debugLabel = 'retryPhaseFiguresAtom';

/**
 * 'Phase over phase' of the client profile: Learn, Sense and Grow side by side with each
 * indicator's average, completed / scheduled by kind and the exercises' effects, from the journey,
 * the series over the whole journey and the exercises. Loads and fails on its own.
 */
export function PhaseComparisonSection({ clientId }: PhaseComparisonSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const journey = useAtomValue(journeyAtoms(clientId).loadable);
  const series = useAtomValue(seriesAtoms(clientId, 'all').loadable);
  const exercises = useAtomValue(exercisesAtoms(clientId).loadable);
  const retry = useSetAtom(retryPhaseFiguresAtom);
  const formats = useMemo(() => createChartFormats(locale), [locale]);
  const failure = [journey, series, exercises].find((part) => part.state === 'hasError');
  const failed = failure !== undefined;
  const phases = useMemo(
    () =>
      journey.state === 'hasData' && series.state === 'hasData' && exercises.state === 'hasData'
        ? comparePhases(journey.data, series.data.days, exercises.data.exercises)
        : null,
    [journey, series, exercises],
  );

  return (
    <SectionCard title={t('profileCharts.phasesTitle')} isBusy={!failed && phases === null}>
      {failed ? (
        <SectionFailed
          message={t('profileCharts.indicatorsFailed')}
          error={failure?.state === 'hasError' ? failure.error : undefined}
          onRetry={() => retry(clientId)}
        />
      ) : phases === null ? (
        <LoadingPlaceholder
          variant="table"
          rows={6}
          columns={4}
          label={t('profileCharts.phasesLoading')}
        />
      ) : (
        <PhaseComparisonTable
          phases={phases}
          formatDate={formats.date}
          formatValue={formats.value}
        />
      )}
    </SectionCard>
  );
}
