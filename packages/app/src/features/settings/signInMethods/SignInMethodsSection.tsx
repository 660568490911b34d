import { Heading, Stack, Text } from '@chakra-ui/react';
import type { SignInMethods } from '@coach/api';
import type { SecondStepMethod } from '@coach/domain';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { LoadedContent } from '../LoadedContent.tsx';
import { AuthenticatorPanel } from './AuthenticatorPanel.tsx';
import { ConfirmPasswordDialog } from './ConfirmPasswordDialog.tsx';
import { PasskeysPanel } from './PasskeysPanel.tsx';
import { StepUpDialog } from './StepUpDialog.tsx';
import { signInMethodsAtom, signInMethodsLoadableAtom } from './signInMethodsAtom.ts';

/** The ways a coach can confirm a change (the step-up dialog offers these). */
function confirmMethodsOf(methods: SignInMethods): SecondStepMethod[] {
  const confirm: SecondStepMethod[] = [];
  if (methods.passkeys.length > 0) confirm.push('passkey');
  if (methods.authenticator) confirm.push('totp');
  if (methods.recoveryCodesLeft > 0) confirm.push('recovery');
  return confirm;
}

export type SignInMethodsSectionProps = {
  /** Called after a change (the enrolment screen opens the app once a factor is in). */
  onChanged?: () => void;
};

/**
 * 'Sign-in methods' in Settings (decision 73): the coach's passkeys and authenticator app, with
 * their changes; a change that needs a recent proof (issue 64) asks in a dialog for a second
 * factor, or for the password of an account without one.
 */
export function SignInMethodsSection({ onChanged }: SignInMethodsSectionProps) {
  const { t } = useTranslation();
  const loadable = useAtomValue(signInMethodsLoadableAtom);
  const refresh = useSetAtom(signInMethodsAtom);
  const handleChanged = () => {
    refresh('refresh');
    onChanged?.();
  };
  return (
    <Stack gap="5" maxWidth="40rem" as="section" aria-labelledby="settings-sign-in-methods-title">
      <Stack gap="2">
        <Heading as="h2" id="settings-sign-in-methods-title" fontSize="xl" fontWeight="semibold">
          {t('signInFactors.methods.title')}
        </Heading>
        <Text color="fg.muted">{t('signInFactors.methods.hint')}</Text>
        {loadable.state === 'hasData' && loadable.data.isSecondFactorRequired ? (
          <Text color="fg.muted">{t('signInFactors.methods.required')}</Text>
        ) : null}
      </Stack>
      <LoadedContent
        loadable={loadable}
        failedMessage={t('signInFactors.methods.loadFailed')}
        onRetry={() => refresh('refresh')}
      >
        {(data) => (
          <>
            <PasskeysPanel passkeys={data.passkeys} onChanged={handleChanged} />
            <AuthenticatorPanel methods={data} onChanged={handleChanged} />
            <StepUpDialog methods={confirmMethodsOf(data)} />
            <ConfirmPasswordDialog />
          </>
        )}
      </LoadedContent>
    </Stack>
  );
}
