import { chakra, Stack } from '@chakra-ui/react';
import type { TokensOrSecondStep } from '@coach/api';
import { PasswordField, toast } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { describeTooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { type NewPasswordValues, newPasswordSchema } from '../../fieldRules/index.ts';
import { useSubmitOnlyForm } from '../../forms/index.ts';
import { useCoachApi } from '../../session/index.ts';
import { NextButton } from './NextButton.tsx';
import { StepIntro } from './StepIntro.tsx';

export type NewPasswordStepProps = {
  email: string;
  /** The verified code. */
  code: string;
  /** The id of the request the code was mailed for. */
  resetRequestId: string;
  /**
   * Called with the service's answer once the password is set: tokens, or the second step of an
   * account with a second factor.
   */
  onReset: (answer: TokensOrSecondStep) => Promise<void>;
};

const mismatch = 'auth.validation.passwordsDoNotMatch' as const;

/** Step 3: the new password and its confirmation (`POST /passwordReset`). */
export function NewPasswordStep({ email, code, resetRequestId, onReset }: NewPasswordStepProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const { form, register, fieldError, hasErrors } = useSubmitOnlyForm<NewPasswordValues>({
    resolver: yupResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const handleSubmit = form.handleSubmit(async ({ password }) => {
    let answer: TokensOrSecondStep;
    try {
      answer = await api.auth.resetPassword({
        email,
        password,
        resetPasswordCode: code,
        resetRequestId,
      });
    } catch (error) {
      const tooManyAttempts = tooManyAttemptsOf(error);
      toast.error(
        tooManyAttempts
          ? describeTooManyAttempts(tooManyAttempts, t)
          : describeCallFailure(error, t, t('auth.changePassword.resetFailed')),
      );
      return;
    }
    await onReset(answer);
  });

  const passwordProps = {
    showLabel: t('auth.changePassword.showPassword'),
    hideLabel: t('auth.changePassword.hidePassword'),
    autoComplete: 'new-password',
  };
  return (
    <chakra.form onSubmit={handleSubmit} noValidate>
      <Stack gap="5">
        <StepIntro step={3}>{t('auth.changePassword.passwordHint')}</StepIntro>
        {/* A mismatch shows on both fields; editing either one clears it from both. */}
        <PasswordField
          {...register('password', [{ name: 'confirmPassword', message: mismatch }])}
          {...passwordProps}
          label={t('auth.changePassword.newPassword')}
          error={fieldError('password')}
        />
        <PasswordField
          {...register('confirmPassword', [{ name: 'password', message: mismatch }])}
          {...passwordProps}
          label={t('auth.changePassword.confirmPassword')}
          error={fieldError('confirmPassword')}
        />
        <NextButton isSubmitting={form.formState.isSubmitting} hasErrors={hasErrors} />
      </Stack>
    </chakra.form>
  );
}
