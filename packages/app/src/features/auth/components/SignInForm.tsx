import { chakra, Stack } from '@chakra-ui/react';
import { Button, PasswordField, TextField } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../core/layout/index.ts';
import { paths, withReturnPath } from '../../../core/navigation/index.ts';
import { FormAlert } from '../../../forms/FormAlert.tsx';
import { useSignInForm } from '../hooks/useSignInForm.ts';
import { SignInCodeField } from './SignInCodeField.tsx';

export type SignInFormProps = {
  /** A failure to show before any submit (e.g. a refused session at start). */
  initialError?: string;
};

/**
 * Email and password (and the mailed code once the account asks for it), 'Forgot password?', and
 * the sign-in button.
 */
export function SignInForm({ initialError }: SignInFormProps) {
  const { t } = useTranslation();
  const {
    returnPath,
    register,
    handleSubmit,
    handleFocus,
    isCodeAsked,
    isSubmitting,
    hasErrors,
    fieldError,
    formError,
  } = useSignInForm();
  const alert = formError ?? initialError;
  return (
    <chakra.form onSubmit={handleSubmit} onFocus={handleFocus} noValidate>
      <Stack gap="5">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField
          {...register('email')}
          label={t('auth.signIn.email')}
          type="email"
          autoComplete="email"
          error={fieldError('email')}
        />
        <PasswordField
          {...register('password')}
          label={t('auth.signIn.password')}
          autoComplete="current-password"
          showLabel={t('auth.signIn.showPassword')}
          hideLabel={t('auth.signIn.hidePassword')}
          error={fieldError('password')}
        />
        {isCodeAsked ? (
          <SignInCodeField
            {...register('code')}
            label={t('auth.signIn.code')}
            notice={t('auth.signIn.codeRequired')}
            error={fieldError('code')}
          />
        ) : null}
        {/* The reset flow signs the coach in too: it keeps where the sign-in would return to. */}
        <TextLink
          to={withReturnPath(paths.changePassword, returnPath)}
          alignSelf="flex-end"
          fontSize="sm"
        >
          {t('auth.signIn.forgotPassword')}
        </TextLink>
        <Button type="submit" size="lg" isLoading={isSubmitting} disabled={hasErrors}>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </chakra.form>
  );
}
