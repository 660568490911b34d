import { Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, RESEND_COUNTDOWN_SECONDS } from '../countdown.ts';
import { useCountdown } from '../hooks/useCountdown.ts';

export type ResendCodeProps = {
  /** Sends a new code; resolves true when it was sent. */
  onResend: () => Promise<boolean>;
};

/**
 * The 'send me a new code' link; after a resend it gives way to 'resend code in m:ss' for 60 s
 * (decisions), then comes back. A failed resend keeps the link (its toast is the caller's).
 */
export function ResendCode({ onResend }: ResendCodeProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);
  const [isSending, setIsSending] = useState(false);

  const handleResend = async () => {
    setIsSending(true);
    try {
      if (await onResend()) countdown.start();
    } finally {
      setIsSending(false);
    }
  };

  if (countdown.isRunning) {
    return (
      <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
        {t('auth.changePassword.resendCodeIn', {
          time: formatCountdown(countdown.remainingSeconds),
        })}
      </Text>
    );
  }
  return (
    <Button variant="link" size="sm" isLoading={isSending} onClick={handleResend}>
      {t('auth.changePassword.sendNewCode')}
    </Button>
  );
}
