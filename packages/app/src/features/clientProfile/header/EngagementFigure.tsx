import { Stack, Text } from '@chakra-ui/react';
import type { ClientProfileSummary } from '@coach/api';
import { engagementFullHours } from '@coach/domain';
import { Meter } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';

export type EngagementFigureProps = {
  engagement: ClientProfileSummary['engagement'];
  formats: ClientFormats;
};

/** Hours of app use in the last 48 h against the 10 h target, and when the app was last used. */
export function EngagementFigure({ engagement, formats }: EngagementFigureProps) {
  const { t } = useTranslation();
  const hours = formats.hours(engagement.hours);
  const target = formats.hours(engagementFullHours);
  return (
    <Stack gap="1.5">
      <Meter
        label={t('profile.engagement.title')}
        value={engagement.hours}
        max={engagementFullHours}
        valueText={t('profile.engagement.hours', { hours, target })}
      />
      <Text textStyle="sm" color="fg.muted">
        {t('profile.engagement.last24h', { hours: formats.hours(engagement.hoursLast24h) })}
      </Text>
      <Text textStyle="sm" color="fg.muted">
        {engagement.lastConnectedAt
          ? t('profile.engagement.lastConnected', {
              when: formats.ago(engagement.lastConnectedAt),
            })
          : t('profile.engagement.neverConnected')}
      </Text>
    </Stack>
  );
}
