import { Button, TextField } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuFingerprint } from 'react-icons/lu';
import { CurrentPasswordField, FormAlert } from '../../../core/forms/index.ts';
import { TextLink } from '../../../core/layout/index.ts';
import { paths, withReturnPath } from '../../../core/navigation/index.ts';
import type { PendingSecondStep } from '../../../core/session/index.ts';
import { appClass } from '../../../styles/appClass.ts';
import { useSignInForm } from '../hooks/useSignInForm.ts';
import { SignInCodeField } from './SignInCodeField.tsx';
import type { signInStyles } from './signIn.styles.ts';

const cls = appClass<typeof signInStyles>;

export type SignInFormProps = {
  /** A failure to show before any submit (e.g. a refused session at start). */
  initialError?: string;
  /** A right password for an account with a second factor: the second step comes next. */
  onSecondStep: (secondStep: PendingSecondStep) => void;
};

/**
 * Email and password (and the mailed code once the account asks for it), 'Forgot password?', the
 * sign-in button, and 'Sign in with a passkey' where the browser has passkeys (which the email
 * field's autofill offers too).
 */
export function SignInForm({ initialError, onSecondStep }: SignInFormProps) {
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
    passkey,
  } = useSignInForm(onSecondStep);
  const alert = formError ?? initialError;
  return (
    <form onSubmit={handleSubmit} onFocus={handleFocus} noValidate>
      <div className={cls('sign-in-fields')}>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField
          {...register('email')}
          label={t('auth.signIn.email')}
          type="email"
          // 'webauthn': the browser offers the coach's passkeys in this field's autofill.
          autoComplete="username webauthn"
          error={fieldError('email')}
        />
        <CurrentPasswordField {...register('password')} error={fieldError('password')} />
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
          size="sm"
        >
          {t('auth.signIn.forgotPassword')}
        </TextLink>
        <Button
          type="submit"
          size="lg"
          isLoading={isSubmitting}
          disabled={hasErrors || passkey.isSigningInWithPasskey}
        >
          {t('auth.signIn.submit')}
        </Button>
        {passkey.isPasskeySupported ? (
          <>
            <div className={cls('sign-in-or')} aria-hidden>
              <span className={`chakra-separator ${cls('sign-in-or-line')}`} />
              <p className={cls('sign-in-or-text')}>{t('signInFactors.or')}</p>
              <span className={`chakra-separator ${cls('sign-in-or-line')}`} />
            </div>
            <Button
              variant="secondary"
              size="lg"
              icon={<LuFingerprint aria-hidden />}
              isLoading={passkey.isSigningInWithPasskey}
              disabled={isSubmitting}
              onClick={passkey.handlePasskeySignIn}
            >
              {t('signInFactors.signInWithPasskey')}
            </Button>
          </>
        ) : null}
      </div>
    </form>
  );
}
