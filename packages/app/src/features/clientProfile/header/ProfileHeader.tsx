import { Grid, HStack, Stack } from '@chakra-ui/react';
import { fullName } from '@coach/domain';
import { LoadingPlaceholder } from '@coach/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { useLocation } from 'react-router';
import { queueParam } from '../../../core/attentionQueue/index.ts';
import { createClientFormats } from '../../../core/clientFormats/index.ts';
import { LiveCue } from '../../../core/liveCues/index.ts';
import { clientPath, paths } from '../../../core/navigation/index.ts';
import { ScreenHeader } from '../../../core/screenHeader/index.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { createProfileFormats } from '../shared/profileFormats.ts';
import { profileSummaryAtoms } from '../shared/profileSummaryAtoms.ts';
import { SectionCard } from '../shared/SectionCard.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { useClientResource } from '../shared/useClientResource.ts';
import { useMinuteClock } from '../shared/useMinuteClock.ts';
import { AttentionNow } from './AttentionNow.tsx';
import { ClientIdentity } from './ClientIdentity.tsx';
import { EngagementFigure } from './EngagementFigure.tsx';
import { JourneyProgress } from './JourneyProgress.tsx';
import { ProfileActions } from './ProfileActions.tsx';

export type ProfileHeaderProps = {
  clientId: string;
};

/**
 * Breadcrumb 'My clients' > the client's name, who the client is, why they need attention now,
 * their journey and engagement: all of it from the profile summary, the profile's one call for
 * its header. 'My clients' goes back to the list as the coach left it (the view's parameters the
 * profile's address carries).
 */
export function ProfileHeader({ clientId }: ProfileHeaderProps) {
  const { t } = useTranslation();
  const [summary, onRetrySummary, summaryCue] = useClientResource(profileSummaryAtoms, clientId);
  const locale = useLocale();
  const now = useMinuteClock();
  const listHref = useListHref();
  const formats = useMemo(() => createClientFormats(locale, now), [locale, now]);
  const profileFormats = useMemo(() => createProfileFormats(locale), [locale]);
  const name = summary.state === 'hasData' ? fullName(summary.data) : t('profile.title');

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <ScreenHeader
          icon={<LuUsers />}
          breadcrumb={[
            { name: t('clients.title'), href: listHref },
            { name, href: clientPath(clientId) },
          ]}
        />
        <ProfileActions clientId={clientId} />
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: '1.2fr 1fr 1fr' }} gap="4" marginBlockStart="-4">
        <Stack as="section" aria-label={t('profile.identity')} minWidth="0" paddingBlock="2">
          {summary.state === 'hasData' ? (
            <>
              <ClientIdentity summary={summary.data} now={now} formats={formats} />
              <AttentionNow summary={summary.data} now={now} formats={formats} />
            </>
          ) : summary.state === 'loading' ? (
            <LoadingPlaceholder label={t('profile.loading', { section: t('profile.identity') })} />
          ) : (
            <SectionFailed
              message={t('profile.failed.profile')}
              error={summary.error}
              onRetry={onRetrySummary}
            />
          )}
        </Stack>
        <SectionCard title={t('profile.journey.title')} isCompact>
          {summary.state === 'hasData' ? (
            <LiveCue cue={summaryCue}>
              <JourneyProgress journey={summary.data.journey} formats={profileFormats} />
            </LiveCue>
          ) : summary.state === 'loading' ? (
            <LoadingPlaceholder
              label={t('profile.loading', { section: t('profile.journey.title') })}
            />
          ) : (
            <SectionFailed
              message={t('profile.failed.journey')}
              error={summary.error}
              onRetry={onRetrySummary}
              isRetriedWhenOnline={false}
            />
          )}
        </SectionCard>
        <SectionCard title={t('profile.engagement.title')} isCompact>
          {summary.state === 'hasData' ? (
            <LiveCue cue={summaryCue}>
              <EngagementFigure engagement={summary.data.engagement} formats={formats} />
            </LiveCue>
          ) : summary.state === 'loading' ? (
            <LoadingPlaceholder
              label={t('profile.loading', { section: t('profile.engagement.title') })}
            />
          ) : (
            <SectionFailed
              message={t('profile.failed.engagement')}
              error={summary.error}
              onRetry={onRetrySummary}
              isRetriedWhenOnline={false}
            />
          )}
        </SectionCard>
      </Grid>
    </Stack>
  );
}

/**
 * The clients list as the coach left it: the list's view parameters the profile's address
 * carries (its filter and order), without the queue's own.
 */
function useListHref() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(queueParam);
  const query = params.toString();
  return query === '' ? paths.clients : `${paths.clients}?${query}`;
}
