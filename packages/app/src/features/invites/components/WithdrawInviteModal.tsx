import { Text } from '@chakra-ui/react';
import type { Invite } from '@coach/api';
import { Button, Modal } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type WithdrawInviteModalProps = {
  /** The invite to withdraw; null keeps the modal closed. */
  invite: Invite | null;
  /** Withdraws it; resolves to whether that worked. */
  onConfirm: (invite: Invite) => Promise<boolean>;
  onClose: () => void;
};

/**
 * Asks before withdrawing an invite (its link stops working). A withdrawal that worked closes
 * the modal; one that failed leaves it open to try again (the toast says what happened).
 */
export function WithdrawInviteModal({ invite, onConfirm, onClose }: WithdrawInviteModalProps) {
  const { t } = useTranslation();
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  // Kept while the closing animation runs, so the text does not blank out.
  const [shown, setShown] = useState(invite);
  if (invite && invite !== shown) setShown(invite);

  const handleConfirm = async () => {
    if (!invite) return;
    setIsWithdrawing(true);
    const isWithdrawn = await onConfirm(invite).finally(() => setIsWithdrawing(false));
    if (isWithdrawn) onClose();
  };

  return (
    <Modal
      isOpen={invite !== null}
      onClose={onClose}
      title={t('invites.withdrawTitle')}
      closeLabel={t('invites.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('invites.keep')}
          </Button>
          <Button variant="danger" isLoading={isWithdrawing} onClick={handleConfirm}>
            {t('invites.withdraw')}
          </Button>
        </>
      }
    >
      <Text>{t('invites.withdrawConfirm', { email: shown?.email ?? '' })}</Text>
    </Modal>
  );
}
