import { Stack } from '@chakra-ui/react';
import { Button, LoadingPlaceholder } from '@coach/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createClientFormats } from '../../../core/clientFormats/index.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { EpisodesSection } from '../episodes/EpisodesSection.tsx';
import { profileSummaryAtoms } from '../shared/profileSummaryAtoms.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { useClientResource } from '../shared/useClientResource.ts';
import { useMinuteClock } from '../shared/useMinuteClock.ts';
import { PhaseFigures } from './PhaseFigures.tsx';

export type OverviewGroupProps = { clientId: string };

/**
 * The profile's first group: what the summary alone tells of the phase (the header has the
 * journey and engagement), and the attention history once asked for (its own call).
 */
export function OverviewGroup({ clientId }: OverviewGroupProps) {
  const { t } = useTranslation();
  const [summary, retry, cue] = useClientResource(profileSummaryAtoms, clientId);
  const [isHistoryShown, setIsHistoryShown] = useState(false);
  const locale = useLocale();
  const now = useMinuteClock();
  const formats = useMemo(() => createClientFormats(locale, now), [locale, now]);
  const title = t('clientProfile.overview.phase');
  return (
    <Stack gap="6">
      <SectionCard
        title={title}
        isBusy={summary.state === 'loading'}
        cue={summary.state === 'hasData' ? cue : null}
      >
        {summary.state === 'hasData' ? (
          <PhaseFigures summary={summary.data} formats={formats} />
        ) : summary.state === 'loading' ? (
          <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={2} />
        ) : (
          <SectionFailed
            message={t('profile.failed.profile')}
            error={summary.error}
            onRetry={retry}
            isRetriedWhenOnline={false}
          />
        )}
      </SectionCard>
      {isHistoryShown ? (
        <EpisodesSection clientId={clientId} />
      ) : (
        <Button variant="secondary" alignSelf="flex-start" onClick={() => setIsHistoryShown(true)}>
          {t('clientProfile.overview.showEpisodes')}
        </Button>
      )}
    </Stack>
  );
}
