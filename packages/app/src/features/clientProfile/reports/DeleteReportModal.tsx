import { Stack, Text } from '@chakra-ui/react';
import type { Report } from '@coach/api';
import { Button, Modal } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { ModalButtons } from '../shared/ModalButtons.tsx';

export type DeleteReportModalProps = {
  /** The report to delete; the modal is shown while there is one. */
  report: Report | null;
  /** How the list shows its date, so the question names the same one. */
  date: string;
  isDeleting: boolean;
  onConfirm: (report: Report) => void;
  onClose: () => void;
};

/** Asks before a report is deleted for good, naming its date and author. */
export function DeleteReportModal({
  report,
  date,
  isDeleting,
  onConfirm,
  onClose,
}: DeleteReportModalProps) {
  const { t } = useTranslation();
  const handleClose = () => {
    if (!isDeleting) onClose();
  };
  return (
    <Modal
      isOpen={report !== null}
      onClose={handleClose}
      title={t('profileActions.deleteReportTitle')}
      closeLabel={t('profileActions.close')}
      size="sm"
    >
      <Stack gap="5" paddingBlockEnd="4">
        <Text>
          {t('profileActions.deleteReportQuestion', { date, author: report?.author.name ?? '' })}
        </Text>
        <ModalButtons onCancel={handleClose} isBusy={isDeleting}>
          <Button
            variant="danger"
            isLoading={isDeleting}
            onClick={() => {
              if (report) onConfirm(report);
            }}
          >
            {t('profileActions.confirmDeleteReport')}
          </Button>
        </ModalButtons>
      </Stack>
    </Modal>
  );
}
