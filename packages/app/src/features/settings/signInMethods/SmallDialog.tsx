import { Modal } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SmallDialogProps = {
  title: string;
  /** While its change is on its way, the dialog stays open. */
  isBusy: boolean;
  onClose: () => void;
  children: ReactNode;
};

/** A small dialog of the sign-in methods that a change on its way keeps open. */
export function SmallDialog({ title, isBusy, onClose, children }: SmallDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen
      onClose={() => {
        if (!isBusy) onClose();
      }}
      title={title}
      closeLabel={t('settings.closeModal')}
      size="sm"
    >
      {children}
    </Modal>
  );
}
