import { chakra, HStack, Stack } from '@chakra-ui/react';
import { toApiError } from '@coach/api';
import { TextField, toast } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { describeTooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { FormAlert, useSubmitOnlyForm } from '../../forms/index.ts';
import { useCoachApi } from '../../session/index.ts';
import { type CodeStepValues, codeStepSchema } from '../passwordResetSchemas.ts';
import { NextButton } from './NextButton.tsx';
import { ResendCode } from './ResendCode.tsx';
import { StepIntro } from './StepIntro.tsx';

export type CodeStepProps = {
  /** Where the code was sent. */
  email: string;
  /** The latest code request's id, sent with the code. */
  resetRequestId: string;
  /** Called with the new request's id once a new code was sent. */
  onResent: (resetRequestId: string) => void;
  /** Called with the (trimmed) code and its request's id once the service accepted them. */
  onVerified: (code: string, resetRequestId: string) => void;
};

/** Step 2: the 6-digit code (`POST /passwordReset/verifyCode`), and sending a new one. */
export function CodeStep({ email, resetRequestId, onResent, onVerified }: CodeStepProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const { form, register, fieldError, formError, hasErrors } = useSubmitOnlyForm<CodeStepValues>({
    resolver: yupResolver(codeStepSchema),
    defaultValues: { code: '' },
  });

  const handleSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await api.auth.verifyResetCode({ email, resetPasswordCode: code, resetRequestId });
      onVerified(code, resetRequestId);
    } catch (error) {
      // A 4xx about the code (wrong, expired, used up) is the field error 'Wrong code' (spec
      // point 8); too many checks say when to try again, above the field until it is edited; a
      // failure with no verdict on the code is the unexpected-error toast.
      const tooManyAttempts = tooManyAttemptsOf(error);
      const { status } = toApiError(error);
      if (tooManyAttempts) {
        form.setError('root', { message: describeTooManyAttempts(tooManyAttempts, t) });
      } else if (status === 400 || status === 404 || status === 410) {
        form.setError('code', { message: 'auth.changePassword.wrongCode' });
      } else {
        toast.error(describeCallFailure(error, t, t('auth.changePassword.requestError')));
      }
    }
  });

  const handleResend = async () => {
    try {
      const answer = await api.auth.requestPasswordReset({ email });
      // Only the new request's code is checked from now on: it is the one just mailed.
      onResent(answer.resetRequestId);
      return true;
    } catch (error) {
      const tooManyAttempts = tooManyAttemptsOf(error);
      toast.error(
        tooManyAttempts
          ? describeTooManyAttempts(tooManyAttempts, t)
          : describeCallFailure(error, t, t('auth.changePassword.resendCodeFailed')),
      );
      return false;
    }
  };

  return (
    <chakra.form onSubmit={handleSubmit} noValidate>
      <Stack gap="5">
        <StepIntro step={2}>{t('auth.changePassword.codeHint', { email })}</StepIntro>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField
          {...register('code')}
          label={t('auth.changePassword.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={fieldError('code')}
        />
        <HStack justify="flex-end" minHeight="6">
          <ResendCode onResend={handleResend} />
        </HStack>
        <NextButton isSubmitting={form.formState.isSubmitting} hasErrors={hasErrors} />
      </Stack>
    </chakra.form>
  );
}
