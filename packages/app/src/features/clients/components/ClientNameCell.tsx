import { HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ProfilePicture } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuCalendarClock, LuCheck, LuCloudOff, LuTriangleAlert } from 'react-icons/lu';
import { isQueued } from '../../../core/attentionQueue/index.ts';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import type { ClientRow } from '../../../core/clientList/index.ts';
import { UnreadBadge } from '../../../core/messaging/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { followUpText, reasonsText, rowDetails } from '../rowTexts.ts';
import { ClientLocalTime } from './ClientLocalTime.tsx';

export type ClientNameCellProps = { row: ClientRow; formats: ClientFormats };

/** What needs the coach, on the cell's second line: the reasons (or 'no data') and a due follow-up. */
function AttentionLine({
  row,
  reasons,
  followUp,
}: {
  row: ClientRow;
  reasons: string;
  followUp: string | null;
}) {
  const { t } = useTranslation();
  const isNoData = row.attention.category === 'noData';
  // Reviewed for today, and nothing new since: out of the queue, the reasons still told.
  const isReviewed = (row.review ?? null) !== null && !isQueued(row);
  return (
    <Text
      textStyle="xs"
      fontWeight="medium"
      truncate
      color={isNoData ? 'warning.fg' : 'lagging.fg'}
      data-attention={reasons === '' ? undefined : row.attention.category}
    >
      {isReviewed ? (
        <>
          <Text as="span" aria-hidden verticalAlign="-0.125em" lineHeight="1" marginInlineEnd="1">
            <LuCheck style={{ display: 'inline' }} />
          </Text>
          <Text as="span" color="fg.muted" data-reviewed>
            {t('queue.reviewedBadge')}
          </Text>
          {' · '}
        </>
      ) : null}
      {reasons === '' ? null : (
        <>
          <Text as="span" aria-hidden verticalAlign="-0.125em" lineHeight="1" marginInlineEnd="1">
            {isNoData ? (
              <LuCloudOff style={{ display: 'inline' }} />
            ) : (
              <LuTriangleAlert style={{ display: 'inline' }} />
            )}
          </Text>
          <VisuallyHidden>{t('clients.attention.label')}: </VisuallyHidden>
          {reasons}
        </>
      )}
      {followUp === null ? null : (
        <Text as="span" color="brand.fg" data-follow-up="due">
          {reasons === '' ? null : ' · '}
          <Text as="span" aria-hidden verticalAlign="-0.125em" lineHeight="1" marginInlineEnd="1">
            <LuCalendarClock style={{ display: 'inline' }} />
          </Text>
          {/* The reason as written, never read as a translation's markup. */}
          {followUp}
        </Text>
      )}
    </Text>
  );
}

/**
 * Two lines: the picture (a person icon when missing or broken), the name, a globe when the client
 * is in another UTC offset and the unread messages as a badge; under them why the figures need
 * attention, in words ('no data', a cloud crossed out, apart from low scores, a warning sign) and
 * a due follow-up (a calendar), or else the email. Each line is cut with an ellipsis; the row's
 * details (the cell's title, the tooltip of a focused row) say the whole of them, with the email
 * and the local time, which stay in the row's accessible name.
 */
export function ClientNameCell({ row, formats }: ClientNameCellProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const reasons = reasonsText(row, t, formats);
  const followUp = followUpText(row, t, formats);
  const isQuiet = reasons === '' && followUp === null;
  return (
    <HStack
      gap="2.5"
      align="center"
      title={rowDetails(row, t, formats).join('\n')}
      data-row-details
    >
      <ProfilePicture
        src={api.resource.profilePictureUrl(row.profilePicture)}
        name={row.fullName}
        size="sm"
      />
      <Stack gap="0" minWidth="0" flex="1">
        <HStack gap="1.5" align="center" minWidth="0">
          {/* `dir="auto"` isolates the name: a right-to-left one, or a control left open in it,
              never reorders what follows. */}
          <Text fontWeight="medium" truncate dir="auto">
            {row.fullName}
          </Text>
          <ClientLocalTime row={row} formats={formats} />
          <UnreadBadge
            count={row.unreadMessages}
            label={t('clients.attention.unreadMessages', { count: row.unreadMessages })}
          />
        </HStack>
        {isQuiet ? (
          <Text textStyle="xs" color="fg.muted" truncate>
            {row.email}
          </Text>
        ) : (
          <>
            <VisuallyHidden>{row.email}</VisuallyHidden>
            <AttentionLine row={row} reasons={reasons} followUp={followUp} />
          </>
        )}
      </Stack>
    </HStack>
  );
}
