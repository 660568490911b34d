import { HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuClock, LuGlobe } from 'react-icons/lu';
import { type ClientFormats, timezonePlace } from '../../../core/clientFormats/index.ts';
import type { ClientRow } from '../../../core/clientList/index.ts';

export type ClientLocalTimeProps = { row: ClientRow; formats: ClientFormats };

/**
 * The client's local time at the list's instant; in another UTC offset than the coach's device,
 * a globe and the place too ('6:30 PM · Tokyo'), said in full to assistive technology and on
 * hover ('Different timezone: Asia/Tokyo, 6:30 PM').
 */
export function ClientLocalTime({ row, formats }: ClientLocalTimeProps) {
  const { t } = useTranslation();
  const time = formats.clientTime(row);
  const label = row.differentTimezone
    ? t('clients.differentTimezone', { timezone: row.timezone, time })
    : t('clients.localTime', { time });
  return (
    <HStack
      gap="1"
      textStyle="xs"
      color={row.differentTimezone ? 'fg' : 'fg.muted'}
      title={label}
      data-different-timezone={row.differentTimezone || undefined}
      minWidth="0"
    >
      <Text as="span" flexShrink={0} aria-hidden>
        {row.differentTimezone ? <LuGlobe /> : <LuClock />}
      </Text>
      <Text as="span" truncate aria-hidden>
        {row.differentTimezone ? `${time} · ${timezonePlace(row.timezone)}` : time}
      </Text>
      <VisuallyHidden>{label}</VisuallyHidden>
    </HStack>
  );
}
