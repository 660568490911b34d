import { Code, chakra, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { AuthenticatorEnrolment } from '@coach/api';
import { Button, Modal, TextField } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { LuCopy } from 'react-icons/lu';
import { FormAlert, retryableErrorType, useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { isServerUnreachable } from '../../../errors/callFailure.ts';
import { describeTooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import {
  type AuthenticatorCodeValues,
  authenticatorCodeSchema,
} from './authenticatorCodeSchema.ts';
import { copyWithToast } from './copyWithToast.ts';
import { qrImageSource } from './recoveryCodesText.ts';
import { StepUpCancelled, useWithStepUp } from './useWithStepUp.ts';

export type EnrolAuthenticatorDialogProps = {
  /** The new secret the server answered (`POST /authenticator`), with its QR code. */
  enrolment: AuthenticatorEnrolment;
  /** Codes are on: the ten recovery codes the server answered. */
  onEnrolled: (recoveryCodes: string[]) => void;
  onClose: () => void;
};

/**
 * Setting up an authenticator app: the server's QR code and the secret as text (copyable), then
 * the app's first code turns codes on (after a step-up when the 5 minutes ran out meanwhile).
 */
export function EnrolAuthenticatorDialog({
  enrolment,
  onEnrolled,
  onClose,
}: EnrolAuthenticatorDialogProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const withStepUp = useWithStepUp();
  const { form, register, fieldError, formError, submitProps } =
    useSubmitOnlyForm<AuthenticatorCodeValues>({
      resolver: yupResolver(authenticatorCodeSchema),
      defaultValues: { code: '' },
    });

  const handleSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { recoveryCodes } = await withStepUp(() => api.auth.confirmAuthenticator({ code }));
      onEnrolled(recoveryCodes);
    } catch (error) {
      // The proof was not given: the code stays, to confirm again.
      if (error instanceof StepUpCancelled) return;
      const tooMany = tooManyAttemptsOf(error);
      if (tooMany) {
        form.setError('root', { type: 'server', message: describeTooManyAttempts(tooMany, t) });
      } else if (isServerUnreachable(error)) {
        form.setError('root', { type: retryableErrorType, message: t('errors.serverUnreachable') });
      } else {
        form.setError('code', { type: 'server', message: 'auth.changePassword.wrongCode' });
      }
    }
  });

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('signInFactors.methods.enrolTitle')}
      closeLabel={t('settings.closeModal')}
    >
      <Stack gap="5" paddingBlockEnd="4">
        <Text>{t('signInFactors.methods.enrolScan')}</Text>
        <Image
          src={qrImageSource(enrolment.qrSvg)}
          alt={t('signInFactors.methods.qrAlt')}
          width="48"
          height="48"
          alignSelf="center"
          bg="white"
          padding="2"
        />
        <Stack gap="2">
          <Text>{t('signInFactors.methods.enrolSecret')}</Text>
          <HStack gap="3" flexWrap="wrap">
            <Code fontSize="md" paddingInline="2" paddingBlock="1" wordBreak="break-all">
              {enrolment.secret.replace(/(.{4})(?!$)/g, '$1 ')}
            </Code>
            <Button
              variant="ghost"
              size="sm"
              icon={<LuCopy aria-hidden />}
              onClick={() => copyWithToast(enrolment.secret, t)}
            >
              {t('signInFactors.methods.copySecret')}
            </Button>
          </HStack>
        </Stack>
        <chakra.form onSubmit={handleSubmit} noValidate>
          <Stack gap="4">
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <TextField
              {...register('code')}
              label={t('signInFactors.methods.enrolCode')}
              helper={t('signInFactors.methods.enrolCodeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              error={fieldError('code')}
            />
            <Button {...submitProps} alignSelf="flex-end">
              {t('signInFactors.methods.confirmAuthenticator')}
            </Button>
          </Stack>
        </chakra.form>
      </Stack>
    </Modal>
  );
}
