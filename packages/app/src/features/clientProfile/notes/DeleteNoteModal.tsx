import { Stack, Text } from '@chakra-ui/react';
import type { Note } from '@coach/api';
import { Button, Modal } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { ModalButtons } from '../shared/ModalButtons.tsx';

export type DeleteNoteModalProps = {
  /** The note to delete; the modal is shown while there is one. */
  note: Note | null;
  /** How the timeline shows its time, so the question names the same one. */
  date: string;
  isDeleting: boolean;
  onConfirm: (note: Note) => void;
  onClose: () => void;
};

/** Asks before a note is deleted for good, naming when it was written. */
export function DeleteNoteModal({
  note,
  date,
  isDeleting,
  onConfirm,
  onClose,
}: DeleteNoteModalProps) {
  const { t } = useTranslation();
  const handleClose = () => {
    if (!isDeleting) onClose();
  };
  return (
    <Modal
      isOpen={note !== null}
      onClose={handleClose}
      title={t('clientProfile.notes.deleteTitle')}
      closeLabel={t('profileActions.close')}
      size="sm"
    >
      <Stack gap="5" paddingBlockEnd="4">
        <Text>{t('clientProfile.notes.deleteQuestion', { date })}</Text>
        <ModalButtons onCancel={handleClose} isBusy={isDeleting}>
          <Button
            variant="danger"
            isLoading={isDeleting}
            onClick={() => {
              if (note) onConfirm(note);
            }}
          >
            {t('clientProfile.notes.confirmDelete')}
          </Button>
        </ModalButtons>
      </Stack>
    </Modal>
  );
}
