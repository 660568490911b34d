import { chakra, Stack } from '@chakra-ui/react';
import type { FollowUp } from '@coach/api';
import { Button, Modal } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { ModalButtons } from '../shared/ModalButtons.tsx';
import { FollowUpFields, followUpFieldsOf } from './FollowUpFields.tsx';
import { refusedFieldTexts } from './followUpFailure.ts';
import {
  emptyFollowUp,
  type FollowUpValues,
  followUpSchema,
  toFollowUpBody,
} from './followUpSchema.ts';
import { useCoachToday } from './useCoachToday.ts';
import { useFollowUpActions } from './useFollowUpActions.ts';

/** What the form shows of the open follow-up (from the summary or the follow-up's own call). */
export type OpenFollowUpFacts = Pick<FollowUp, 'dueDate' | 'reason' | 'isDue'>;

export type FollowUpModalProps = {
  clientId: string;
  /** The open follow-up to move, or null to set one. */
  open: OpenFollowUpFacts | null;
  isOpen: boolean;
  onClose: () => void;
};

type FormProps = Omit<FollowUpModalProps, 'isOpen'>;

/** The form inside the modal: mounted on open, so each opening starts from the open follow-up. */
function FollowUpForm({ clientId, open, onClose }: FormProps) {
  const { t } = useTranslation();
  const { today, latest } = useCoachToday();
  const { setFollowUp } = useFollowUpActions(clientId);
  const { form, register, fieldError, submitProps } = useSubmitOnlyForm<FollowUpValues>({
    resolver: yupResolver(followUpSchema),
    // The coach's today, for the date rule (the resolver hands the schema the form's context).
    context: { today },
    defaultValues: open ? { dueDate: open.dueDate, reason: open.reason } : emptyFollowUp,
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    const outcome = await setFollowUp(toFollowUpBody(values), open !== null);
    if (outcome.isSet) onClose();
    else if (outcome.field) {
      form.setError(outcome.field, { message: refusedFieldTexts[outcome.field] });
    }
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate paddingBlockEnd="4">
      <Stack gap="5">
        <FollowUpFields {...followUpFieldsOf(register, fieldError, { today, latest })} />
        <ModalButtons onCancel={onClose} isBusy={form.formState.isSubmitting}>
          <Button {...submitProps}>{t('clientProfile.followUp.save')}</Button>
        </ModalButtons>
      </Stack>
    </chakra.form>
  );
}

/** 'Set a follow-up' or 'Move the follow-up': the day to check in again and why. */
export function FollowUpModal({ isOpen, onClose, ...formProps }: FollowUpModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t(
        formProps.open ? 'clientProfile.followUp.moveTitle' : 'clientProfile.followUp.setTitle',
      )}
      closeLabel={t('profileActions.close')}
      size="md"
    >
      <FollowUpForm {...formProps} onClose={onClose} />
    </Modal>
  );
}
