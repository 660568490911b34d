import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw } from 'react-icons/lu';
import { InviteNotice } from './InviteNotice.tsx';

export type InviteCheckFailedProps = {
  /** What to say instead of the generic hint (e.g. when to try again after too many attempts). */
  reason?: string;
  onRetry: () => void;
};

/** The invite could not be checked (network, server): the generic processing error and a retry. */
export function InviteCheckFailed({ reason, onRetry }: InviteCheckFailedProps) {
  const { t } = useTranslation();
  return (
    <InviteNotice
      isAlert
      title={t('inviteAcceptance.checkFailed')}
      lines={[reason ?? t('inviteAcceptance.checkFailedHint')]}
      action={
        <Button icon={<LuRefreshCw aria-hidden />} onClick={onRetry}>
          {t('inviteAcceptance.retry')}
        </Button>
      }
    />
  );
}
