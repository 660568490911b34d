import { Stack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmallDialog } from './SmallDialog.tsx';

export type ConfirmRemovalDialogProps = {
  title: string;
  question: string;
  confirmLabel: string;
  /** Removes; resolves once done or failed (the caller tells the coach). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** Asks before a sign-in method goes (a passkey removed, the authenticator app turned off). */
export function ConfirmRemovalDialog({
  title,
  question,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmRemovalDialogProps) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  const handleConfirm = async () => {
    setIsBusy(true);
    await onConfirm();
    setIsBusy(false);
  };
  return (
    <SmallDialog title={title} isBusy={isBusy} onClose={onClose}>
      <Stack gap="5" paddingBlockEnd="4">
        <Text>{question}</Text>
        <Stack direction="row" justify="flex-end" gap="3">
          <Button variant="ghost" onClick={onClose} disabled={isBusy}>
            {t('signInFactors.methods.cancel')}
          </Button>
          <Button variant="danger" isLoading={isBusy} onClick={handleConfirm}>
            {confirmLabel}
          </Button>
        </Stack>
      </Stack>
    </SmallDialog>
  );
}
