import { chakra, Stack } from '@chakra-ui/react';
import { toApiError } from '@coach/api';
import { TextField, toast } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { describeTooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { useSubmitOnlyForm } from '../../forms/index.ts';
import { useCoachApi } from '../../session/index.ts';
import { type EmailStepValues, emailStepSchema } from '../passwordResetSchemas.ts';
import { NextButton } from './NextButton.tsx';
import { StepIntro } from './StepIntro.tsx';

export type EmailStepProps = {
  /** The email to use, shown read-only (Settings: the coach's own). */
  lockedEmail?: string;
  /** Called once a code was sent to the (trimmed) email, with the id of that request. */
  onCodeSent: (email: string, resetRequestId: string) => void;
};

/** Step 1: the email to send the code to (`POST /passwordReset/request`). */
export function EmailStep({ lockedEmail, onCodeSent }: EmailStepProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const { form, register, fieldError, hasErrors } = useSubmitOnlyForm<EmailStepValues>({
    resolver: yupResolver(emailStepSchema),
    defaultValues: { email: lockedEmail ?? '' },
  });

  const handleSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const { resetRequestId } = await api.auth.requestPasswordReset({ email });
      onCodeSent(email, resetRequestId);
    } catch (error) {
      const tooManyAttempts = tooManyAttemptsOf(error);
      if (tooManyAttempts) {
        toast.error(describeTooManyAttempts(tooManyAttempts, t));
        return;
      }
      // The spec lists two texts: 'Change password request failed' when the service answers the
      // request with an error, 'Error requesting password change' when no answer came at all
      // (an unexpected failure); a server out of reach says so.
      const { status } = toApiError(error);
      toast.error(
        describeCallFailure(
          error,
          t,
          t(status > 0 ? 'auth.changePassword.requestFailed' : 'auth.changePassword.requestError'),
        ),
      );
    }
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate>
      <Stack gap="5">
        <StepIntro step={1}>
          {t(lockedEmail ? 'auth.changePassword.lockedEmailHint' : 'auth.changePassword.emailHint')}
        </StepIntro>
        <TextField
          {...register('email')}
          label={t('auth.changePassword.email')}
          type="email"
          autoComplete="email"
          readOnly={lockedEmail !== undefined}
          error={fieldError('email')}
        />
        <NextButton isSubmitting={form.formState.isSubmitting} hasErrors={hasErrors} />
      </Stack>
    </chakra.form>
  );
}
