import { HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ProfilePicture } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuCalendarClock, LuCloudOff, LuTriangleAlert } from 'react-icons/lu';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import { type ClientRow, isFollowUpDue } from '../../../core/clientList/index.ts';
import { UnreadBadge } from '../../../core/messaging/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeAttentionReason } from '../describeAttention.ts';
import { ClientLocalTime } from './ClientLocalTime.tsx';

export type ClientNameCellProps = { row: ClientRow; formats: ClientFormats };

/**
 * Picture (a person icon when missing or broken), name, email, the client's local time (flagged
 * when in another UTC offset), the unread messages as a badge by the name, and why the figures
 * need attention, in words: 'no data' (a cloud crossed out) apart from low scores (a warning sign);
 * a due follow-up in words too, with its day and reason (a calendar).
 */
export function ClientNameCell({ row, formats }: ClientNameCellProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const { attention } = row;
  const isNoData = attention.category === 'noData';
  // The badge says the unread messages: the words are the figures' reasons.
  const reasons = attention.reasons.filter((reason) => reason.kind !== 'unreadMessages');
  const reasonsText = reasons
    .map((reason) => describeAttentionReason(reason, t, formats))
    .join(' · ');
  return (
    <HStack gap="3" align="flex-start">
      <ProfilePicture
        src={api.resource.profilePictureUrl(row.profilePicture)}
        name={row.fullName}
        size="sm"
      />
      <Stack gap="0.5" minWidth="0">
        <HStack gap="2" align="center">
          {/* One line: a long name is cut, whole on hover and in the row's text. */}
          <Text fontWeight="medium" truncate title={row.fullName}>
            {row.fullName}
          </Text>
          <UnreadBadge
            count={row.unreadMessages}
            label={t('clients.attention.unreadMessages', { count: row.unreadMessages })}
          />
        </HStack>
        {/* The email and the local time share a line (a row of three lines at most), each cut
            with an ellipsis when the column is narrow, whole in its title. */}
        <HStack gap="2" minWidth="0">
          <Text textStyle="xs" color="fg.muted" truncate title={row.email} minWidth="0">
            {row.email}
          </Text>
          <ClientLocalTime row={row} formats={formats} />
        </HStack>
        {reasons.length > 0 ? (
          // The reasons in one line, cut with an ellipsis: the whole of them on hover (title) and
          // for screen readers (the text stays in the cell, so in the row's accessible name).
          <HStack
            gap="1"
            align="flex-start"
            textStyle="xs"
            fontWeight="medium"
            color={isNoData ? 'warning.fg' : 'lagging.fg'}
            data-attention={attention.category}
          >
            <Text as="span" flexShrink={0} marginBlockStart="0.5" aria-hidden>
              {isNoData ? <LuCloudOff /> : <LuTriangleAlert />}
            </Text>
            <Text as="span" truncate title={reasonsText}>
              <VisuallyHidden>{t('clients.attention.label')}: </VisuallyHidden>
              {reasonsText}
            </Text>
          </HStack>
        ) : null}
        {isFollowUpDue(row) && row.followUp ? (
          <HStack
            gap="1"
            align="flex-start"
            textStyle="xs"
            fontWeight="medium"
            color="brand.fg"
            data-follow-up="due"
          >
            <Text as="span" flexShrink={0} marginBlockStart="0.5" aria-hidden>
              <LuCalendarClock />
            </Text>
            {/* A long reason is cut at one line; the whole of it on hover, and for screen readers. */}
            <Text as="span" truncate title={row.followUp.reason}>
              {/* The reason as written, never read as a translation's markup. */}
              {`${t('clients.followUpDue', { date: formats.localDate(row.followUp.dueDate) })}: ${row.followUp.reason}`}
            </Text>
          </HStack>
        ) : null}
      </Stack>
    </HStack>
  );
}
