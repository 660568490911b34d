import { HStack, Stack, Text } from '@chakra-ui/react';
import type { ClientProfileSummary } from '@coach/api';
import { fullName } from '@coach/domain';
import { ProfilePicture } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { ClientTimezone } from './ClientTimezone.tsx';

export type ClientIdentityProps = {
  summary: ClientProfileSummary;
  now: Date;
  formats: ClientFormats;
};

/** Picture (a person icon when missing or broken), email, age, gender, timezone and local time. */
export function ClientIdentity({ summary, now, formats }: ClientIdentityProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const name = fullName(summary);
  const facts = [
    summary.age === null ? t('profile.noAge') : t('profile.age', { count: summary.age }),
    summary.gender ? t(`profile.genders.${summary.gender}`) : t('profile.noGender'),
  ];
  return (
    <HStack gap="4" align="flex-start">
      <ProfilePicture
        src={api.resource.profilePictureUrl(summary.profilePicture)}
        name={name}
        size="lg"
      />
      <Stack gap="1" minWidth="0" textStyle="sm">
        <Text color="fg.muted" truncate title={summary.email}>
          {summary.email}
        </Text>
        <Text>{facts.join(' · ')}</Text>
        <ClientTimezone zone={summary} now={now} formats={formats} />
      </Stack>
    </HStack>
  );
}
