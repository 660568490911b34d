import { HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuGlobe } from 'react-icons/lu';
import { type ClientFormats, timezonePlace } from '../../../core/clientFormats/index.ts';
import type { ClientRow } from '../../../core/clientList/index.ts';
import { localTimeText } from '../rowTexts.ts';

export type ClientLocalTimeProps = { row: ClientRow; formats: ClientFormats };

/**
 * The client's local time at the list's instant, for assistive technology and in the row's
 * details ('Local time: 9:30 AM'); in another UTC offset than the coach's device, a globe and the
 * place by the name say so to the eye too ('Tokyo'; 'Different timezone: Asia/Tokyo, 6:30 PM' on
 * hover). A row keeps two lines: the time itself is one of its details.
 */
export function ClientLocalTime({ row, formats }: ClientLocalTimeProps) {
  const { t } = useTranslation();
  const label = localTimeText(row, t, formats);
  return (
    <>
      {row.differentTimezone ? (
        <HStack
          as="span"
          gap="0.5"
          flexShrink={2}
          minWidth="1rem"
          textStyle="xs"
          color="fg.muted"
          title={label}
          aria-hidden
          data-different-timezone
        >
          <LuGlobe style={{ flexShrink: 0 }} />
          <Text as="span" truncate>
            {timezonePlace(row.timezone)}
          </Text>
        </HStack>
      ) : null}
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
