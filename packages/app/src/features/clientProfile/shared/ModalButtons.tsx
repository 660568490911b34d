import { Stack } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ModalButtonsProps = {
  onCancel: () => void;
  /** While the action runs, Cancel waits for it. */
  isBusy?: boolean;
  /** The action's button. */
  children: ReactNode;
};

/** The end of a profile action's modal: Cancel, then the action. */
export function ModalButtons({ onCancel, isBusy = false, children }: ModalButtonsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" justify="flex-end" gap="3">
      <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
        {t('profileActions.cancel')}
      </Button>
      {children}
    </Stack>
  );
}
