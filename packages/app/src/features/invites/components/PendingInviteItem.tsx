import { HStack, Stack, Text } from '@chakra-ui/react';
import type { Invite } from '@coach/api';
import { Button } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuClock, LuMailX, LuSend, LuTriangleAlert } from 'react-icons/lu';
import type { InviteTimes } from '../inviteFormats.ts';

export type PendingInviteItemProps = {
  invite: Invite;
  times: InviteTimes;
  /** Mails it again; resolves once the call has ended (the button is busy until then). */
  onResend: (invite: Invite) => Promise<unknown>;
  /** Asks to withdraw it (the list confirms first). */
  onWithdraw: (invite: Invite) => void;
};

/** One pending invite: the address, when it was sent, when its link stops, and its actions. */
export function PendingInviteItem({ invite, times, onResend, onWithdraw }: PendingInviteItemProps) {
  const { t } = useTranslation();
  const [isResending, setIsResending] = useState(false);
  const { email } = invite;

  const handleResend = async () => {
    setIsResending(true);
    try {
      await onResend(invite);
    } finally {
      setIsResending(false);
    }
  };

  return (
    <HStack
      as="li"
      gap="4"
      paddingBlock="3"
      borderBottomWidth="1px"
      borderColor="border"
      flexWrap="wrap"
    >
      <Stack gap="0.5" flex="1" minWidth="16rem">
        <Text fontWeight="medium" color="fg" wordBreak="break-all">
          {email}
        </Text>
        <HStack gap="2" textStyle="sm" color="fg.muted">
          <Text>{t('invites.sent', { date: times.sent })}</Text>
          <Text aria-hidden>·</Text>
          {times.expiresIn === null ? (
            <HStack gap="1" color="warning.fg" fontWeight="medium">
              <LuTriangleAlert aria-hidden />
              <Text>{t('invites.expired')}</Text>
            </HStack>
          ) : (
            <HStack gap="1">
              <LuClock aria-hidden />
              <Text>{t('invites.expiresIn', { when: times.expiresIn })}</Text>
            </HStack>
          )}
        </HStack>
      </Stack>
      <HStack gap="2">
        <Button
          variant="secondary"
          size="sm"
          icon={<LuSend aria-hidden />}
          isLoading={isResending}
          aria-label={t('invites.resendLabel', { email })}
          onClick={handleResend}
        >
          {t('invites.resend')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          icon={<LuMailX aria-hidden />}
          aria-label={t('invites.withdrawLabel', { email })}
          onClick={() => onWithdraw(invite)}
        >
          {t('invites.withdraw')}
        </Button>
      </HStack>
    </HStack>
  );
}
