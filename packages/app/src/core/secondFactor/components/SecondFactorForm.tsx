import { chakra, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import type { SecondStepCodeMethod, SecondStepMethod } from '@coach/domain';
import { Button, TextField } from '@coach/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFingerprint } from 'react-icons/lu';
import { FormAlert, lazyResolver, useSubmitOnlyForm } from '../../forms/index.ts';
import { describeFactorFailure, type FactorFailure } from '../../session/index.ts';
import type { SecondFactorContext, SecondFactorValues } from '../secondFactorSchema.ts';

// yup and the schema load when the form first shows (after the password), so the sign-in
// screen's first load stays without them.
const secondFactorResolver = lazyResolver<SecondFactorValues>(() =>
  import('../secondFactorResolver.ts').then((module) => module.secondFactorResolver),
);

export type SecondFactorFormProps = {
  /** The ways the account can pass: a passkey, its authenticator app's code, a recovery code. */
  methods: readonly SecondStepMethod[];
  /** Uses a passkey; resolves with why it did not pass, or null once it did. */
  onPasskey: () => Promise<FactorFailure | null>;
  /** Sends a code; resolves with why it did not pass, or null once it did. */
  onCode: (method: SecondStepCodeMethod, code: string) => Promise<FactorFailure | null>;
  /** The submit button's text ('Sign in', 'Confirm'). */
  submitLabel: string;
};

/**
 * A second factor: 'Use a passkey', or the authenticator app's 6-digit code, or a recovery code
 * (a link switches between the two codes). The spec's form behaviour: checked on submit, an edit
 * clears the errors, submit disabled while one shows; a wrong code shows under the field, any
 * other failure above the form.
 */
export function SecondFactorForm({
  methods,
  onPasskey,
  onCode,
  submitLabel,
}: SecondFactorFormProps) {
  const { t } = useTranslation();
  const hasPasskey = methods.includes('passkey');
  const codeMethods = (['totp', 'recovery'] as const).filter((method) => methods.includes(method));
  const [method, setMethod] = useState<SecondStepCodeMethod>(codeMethods[0] ?? 'totp');
  const [isUsingPasskey, setIsUsingPasskey] = useState(false);
  useEffect(() => secondFactorResolver.preload(), []);
  const { form, register, fieldError, formError, hasErrors } =
    useSubmitOnlyForm<SecondFactorValues>({
      resolver: secondFactorResolver,
      defaultValues: { code: '' },
      context: { method } satisfies SecondFactorContext,
    });

  const showFailure = (failure: FactorFailure) => {
    if (failure.kind === 'wrongCode') {
      form.setError('code', { type: 'server', message: 'auth.changePassword.wrongCode' });
      return;
    }
    form.setError('root', {
      // The browser's dialog closed, or the server was out of reach: trying again is fine.
      type: failure.kind === 'cancelled' || failure.kind === 'unavailable' ? 'retryable' : 'server',
      message: describeFactorFailure(failure, t),
    });
  };

  const handleSubmit = form.handleSubmit(async ({ code }) => {
    const failure = await onCode(method, code ?? '');
    if (failure) showFailure(failure);
  });

  const handlePasskey = async () => {
    form.clearErrors();
    setIsUsingPasskey(true);
    const failure = await onPasskey();
    setIsUsingPasskey(false);
    if (failure) showFailure(failure);
  };

  const switchMethod = () => {
    form.reset({ code: '' });
    setMethod((current) => (current === 'totp' ? 'recovery' : 'totp'));
  };

  const isTotp = method === 'totp';
  return (
    <Stack gap="5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {hasPasskey ? (
        <Button
          size="lg"
          variant={codeMethods.length > 0 ? 'secondary' : 'primary'}
          icon={<LuFingerprint aria-hidden />}
          isLoading={isUsingPasskey}
          onClick={handlePasskey}
        >
          {t('signInFactors.usePasskey')}
        </Button>
      ) : null}
      {hasPasskey && codeMethods.length > 0 ? (
        <HStack gap="3" aria-hidden>
          <Separator flex="1" />
          <Text color="fg.muted" fontSize="sm">
            {t('signInFactors.or')}
          </Text>
          <Separator flex="1" />
        </HStack>
      ) : null}
      {codeMethods.length > 0 ? (
        <chakra.form onSubmit={handleSubmit} noValidate>
          <Stack gap="4">
            <TextField
              // A new field for the other kind of code: its own autocomplete and keyboard.
              key={method}
              {...register('code')}
              label={isTotp ? t('signInFactors.totpCode') : t('signInFactors.recoveryCode')}
              helper={isTotp ? t('signInFactors.totpHint') : t('signInFactors.recoveryHint')}
              inputMode={isTotp ? 'numeric' : 'text'}
              autoComplete={isTotp ? 'one-time-code' : 'off'}
              autoCapitalize="none"
              spellCheck={false}
              error={fieldError('code')}
            />
            <Button
              type="submit"
              size="lg"
              isLoading={form.formState.isSubmitting}
              disabled={hasErrors || isUsingPasskey}
            >
              {submitLabel}
            </Button>
            {codeMethods.length > 1 ? (
              <Button variant="ghost" size="sm" alignSelf="center" onClick={switchMethod}>
                {isTotp ? t('signInFactors.useRecoveryCode') : t('signInFactors.useTotpCode')}
              </Button>
            ) : null}
          </Stack>
        </chakra.form>
      ) : null}
    </Stack>
  );
}
