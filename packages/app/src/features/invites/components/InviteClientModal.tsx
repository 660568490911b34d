import { chakra, Stack, Text } from '@chakra-ui/react';
import { Button, Modal, TextField } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { useInviteClient } from '../hooks/useInviteClient.ts';
import { type InviteValues, inviteSchema } from '../inviteSchema.ts';

export type InviteClientModalProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Called once an invite is sent (e.g. to refresh the clients list). */
  onInvited?: () => void;
};

/** The form inside the modal: mounted on open, so each opening starts empty. */
function InviteClientForm({ onClose, onInvited }: Omit<InviteClientModalProps, 'isOpen'>) {
  const { t } = useTranslation();
  const invite = useInviteClient(onInvited);
  const { form, register, fieldError, hasErrors } = useSubmitOnlyForm<InviteValues>({
    resolver: yupResolver(inviteSchema),
    defaultValues: { email: '' },
  });

  // The resolver hands over the trimmed address: that is what is sent and what the toast names.
  const handleSubmit = form.handleSubmit(async ({ email }) => {
    const outcome = await invite(email);
    if (outcome === 'invited') onClose();
    else if (outcome === 'alreadyRegistered') {
      form.setError('email', { message: 'invites.alreadyRegistered' }, { shouldFocus: true });
    }
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate paddingBlockEnd="4">
      <Stack gap="5">
        <Text color="fg.muted">{t('invites.modalHint')}</Text>
        <TextField
          {...register('email')}
          label={t('invites.email')}
          type="email"
          autoComplete="off"
          error={fieldError('email')}
        />
        <Stack direction="row" justify="flex-end" gap="3">
          <Button variant="secondary" onClick={onClose}>
            {t('invites.cancel')}
          </Button>
          <Button type="submit" isLoading={form.formState.isSubmitting} disabled={hasErrors}>
            {t('invites.send')}
          </Button>
        </Stack>
      </Stack>
    </chakra.form>
  );
}

/**
 * 'Invite client': one email field in the Modal, which closes on its close button, a
 * backdrop click or Escape. A sent invite closes it; a failed one keeps it open with the address.
 */
export function InviteClientModal({ isOpen, onClose, onInvited }: InviteClientModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t('invites.modalTitle')}
      closeLabel={t('invites.close')}
      size="sm"
    >
      <InviteClientForm onClose={onClose} onInvited={onInvited} />
    </Modal>
  );
}
