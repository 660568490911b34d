import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { Invite } from '@coach/api';
import { Button, LoadingPlaceholder } from '@coach/ui';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { LoadFailedAlert } from '../../../errors/LoadFailedAlert.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { pendingInvitesAtom, pendingInvitesLoadableAtom } from '../atoms/pendingInvitesAtom.ts';
import { useInviteActions } from '../hooks/useInviteActions.ts';
import { createInviteFormats } from '../inviteFormats.ts';
import { PendingInviteItem } from './PendingInviteItem.tsx';
import { WithdrawInviteModal } from './WithdrawInviteModal.tsx';

/** Invites shown before 'Show all': a long list must not push the clients out of sight. */
const collapsedInviteCount = 5;

function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const refresh = useSetAtom(pendingInvitesAtom);
  return (
    <LoadFailedAlert
      size="sm"
      message={t('invites.loadFailed')}
      error={error}
      onRetry={() => refresh('refresh')}
    />
  );
}

/**
 * The coach's pending invites, most recently sent first, expired ones included and
 * marked in words: each with Resend and Withdraw (confirmed in a modal). Past
 * {@link collapsedInviteCount} the list folds, with a button to show the rest.
 */
export function PendingInvites() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useAtomValue(pendingInvitesLoadableAtom);
  const { resend, withdraw } = useInviteActions();
  const [isExpanded, setIsExpanded] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Invite | null>(null);
  const headingId = useId();
  const listId = useId();
  // Expiry is relative to now, read at each render (a refresh, a resend).
  const timesOf = createInviteFormats(locale, new Date());

  let body: ReactNode;
  if (list.state === 'loading') {
    body = <LoadingPlaceholder variant="text" lines={3} label={t('invites.loading')} />;
  } else if (list.state === 'hasError') {
    body = <LoadFailed error={list.error} />;
  } else if (list.data.items.length === 0) {
    body = <Text color="fg.muted">{t('invites.pendingEmpty')}</Text>;
  } else {
    const { items } = list.data;
    const isLong = items.length > collapsedInviteCount;
    const shown = isLong && !isExpanded ? items.slice(0, collapsedInviteCount) : items;
    body = (
      <Stack gap="2" align="stretch">
        <Stack as="ul" id={listId} listStyleType="none" gap="0" aria-labelledby={headingId}>
          {shown.map((invite) => (
            <PendingInviteItem
              key={invite.id}
              invite={invite}
              times={timesOf(invite)}
              onResend={resend}
              onWithdraw={setWithdrawing}
            />
          ))}
        </Stack>
        {isLong ? (
          <Button
            variant="ghost"
            size="sm"
            alignSelf="flex-start"
            icon={isExpanded ? <LuChevronUp aria-hidden /> : <LuChevronDown aria-hidden />}
            aria-expanded={isExpanded}
            aria-controls={listId}
            onClick={() => setIsExpanded((expanded) => !expanded)}
          >
            {isExpanded ? t('invites.showFewer') : t('invites.showAll', { count: items.length })}
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack as="section" gap="3" aria-labelledby={headingId} marginBlockStart="8">
      <HStack gap="3" align="baseline">
        <Heading as="h2" id={headingId} fontSize="lg" fontWeight="semibold">
          {t('invites.pendingTitle')}
        </Heading>
        {list.state === 'hasData' && list.data.total > 0 ? (
          <Text color="fg.muted" textStyle="sm">
            {t('invites.pendingCount', { count: list.data.total })}
          </Text>
        ) : null}
      </HStack>
      {body}
      <WithdrawInviteModal
        invite={withdrawing}
        onConfirm={withdraw}
        onClose={() => setWithdrawing(null)}
      />
    </Stack>
  );
}
