import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuClock, LuGlobe } from 'react-icons/lu';
import {
  type ClientFormats,
  type ClientZone,
  isDifferentTimezone,
} from '../../../core/clientFormats/index.ts';

export type ClientTimezoneProps = { zone: ClientZone; now: Date; formats: ClientFormats };

/**
 * The client's timezone and their local time now; in another UTC offset than the coach's device
 * (decisions), a globe and the words 'Different timezone' too, not colour alone.
 */
export function ClientTimezone({ zone, now, formats }: ClientTimezoneProps) {
  const { t } = useTranslation();
  const isDifferent = isDifferentTimezone(zone, now);
  const time = formats.clientTime(zone);
  return (
    <HStack gap="1.5" data-different-timezone={isDifferent || undefined} wrap="wrap">
      <Text as="span" aria-hidden color={isDifferent ? 'warning.fg' : 'fg.muted'}>
        {isDifferent ? <LuGlobe /> : <LuClock />}
      </Text>
      <Text as="span">{t('profile.localTime', { time, timezone: zone.timezone })}</Text>
      {isDifferent ? (
        <Text
          as="span"
          textStyle="xs"
          fontWeight="medium"
          color="warning.fg"
          bg="warning.subtle"
          paddingInline="1.5"
          rounded="sm"
        >
          {t('profile.differentTimezone')}
        </Text>
      ) : null}
    </HStack>
  );
}
