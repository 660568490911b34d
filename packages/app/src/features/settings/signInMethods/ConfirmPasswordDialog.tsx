import { chakra, Stack, Text } from '@chakra-ui/react';
import { isApiError } from '@coach/api';
import { Button, Modal } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import {
  CurrentPasswordField,
  FormAlert,
  retryableErrorType,
  useSubmitOnlyForm,
} from '../../../core/forms/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { isServerUnreachable } from '../../../errors/callFailure.ts';
import { describeTooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { type ConfirmPasswordValues, confirmPasswordSchema } from './confirmPasswordSchema.ts';
import { stepUpRequestAtom } from './stepUpAtom.ts';

type PasswordFormProps = { onConfirmed: () => void };

/** The password, sent to `POST /session/password`; a refusal shows in the form. */
function PasswordForm({ onConfirmed }: PasswordFormProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const { form, register, fieldError, formError, submitProps } =
    useSubmitOnlyForm<ConfirmPasswordValues>({
      resolver: yupResolver(confirmPasswordSchema),
      defaultValues: { password: '' },
    });
  const handleSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await api.auth.confirmPassword({ password });
    } catch (error) {
      const tooManyAttempts = tooManyAttemptsOf(error);
      if (tooManyAttempts) {
        form.setError('root', { message: describeTooManyAttempts(tooManyAttempts, t) });
      } else if (isApiError(error, 'wrong_password')) {
        form.setError('password', { message: 'signInFactors.methods.wrongPassword' });
      } else if (isServerUnreachable(error)) {
        form.setError('root', { type: retryableErrorType, message: t('errors.serverUnreachable') });
      } else {
        form.setError('root', { message: t('signInFactors.failed') });
      }
      return;
    }
    onConfirmed();
  });
  return (
    <chakra.form onSubmit={handleSubmit} noValidate>
      <Stack gap="5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <CurrentPasswordField {...register('password')} error={fieldError('password')} />
        <Button {...submitProps} alignSelf="flex-end">
          {t('signInFactors.methods.stepUpSubmit')}
        </Button>
      </Stack>
    </chakra.form>
  );
}

/**
 * 'Confirm it's you' with the password (issue 64): an account without a second factor adds one
 * only with its password entered in the last 5 minutes (403 `password_needed`); the dialog takes
 * it (`POST /session/password`), and the change runs again. A wrong password shows under the
 * field, a throttled one says when to try again.
 */
export function ConfirmPasswordDialog() {
  const { t } = useTranslation();
  const request = useAtomValue(stepUpRequestAtom);
  const setRequest = useSetAtom(stepUpRequestAtom);
  const close = (isConfirmed: boolean) => {
    request?.resolve(isConfirmed);
    setRequest(null);
  };
  return (
    <Modal
      isOpen={request?.proof === 'password'}
      onClose={() => close(false)}
      title={t('signInFactors.methods.stepUpTitle')}
      closeLabel={t('settings.closeModal')}
      size="sm"
    >
      <Stack gap="5" paddingBlockEnd="4">
        <Text color="fg.muted">{t('signInFactors.methods.passwordHint')}</Text>
        <PasswordForm onConfirmed={() => close(true)} />
      </Stack>
    </Modal>
  );
}
