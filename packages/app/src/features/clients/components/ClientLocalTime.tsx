import { Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuGlobe } from 'react-icons/lu';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import type { ClientRow } from '../../../core/clientList/index.ts';
import { localTimeText } from '../rowTexts.ts';

export type ClientLocalTimeProps = { row: ClientRow; formats: ClientFormats };

/**
 * The client's local time at the list's instant, for assistive technology and in the row's
 * details ('Local time: 9:30 AM'); in another UTC offset than the coach's device, a globe by the
 * name says so to the eye too ('Different timezone: Asia/Tokyo, 6:30 PM' on hover). A row keeps
 * two lines: the time itself is one of its details.
 */
export function ClientLocalTime({ row, formats }: ClientLocalTimeProps) {
  const { t } = useTranslation();
  const label = localTimeText(row, t, formats);
  return (
    <>
      {row.differentTimezone ? (
        <Text
          as="span"
          flexShrink={0}
          textStyle="xs"
          title={label}
          aria-hidden
          data-different-timezone
        >
          <LuGlobe />
        </Text>
      ) : null}
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
