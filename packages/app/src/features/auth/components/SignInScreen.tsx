import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { returnHref, useReturnPath } from '../../../core/navigation/index.ts';
import {
  describeSessionFailure,
  type PendingSecondStep,
  type SessionStartResult,
  sessionErrorAtom,
} from '../../../core/session/index.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { secondStepExpiredAtom } from '../atoms/secondStepExpiredAtom.ts';
import { SecondStep } from './SecondStep.tsx';
import { SignInForm } from './SignInForm.tsx';

/**
 * The sign-in screen (requirements R2.6), with any reason the last session was refused; after a
 * right password for an account with a second factor, the second step (decision 73) in its place.
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const sessionError = useAtomValue(sessionErrorAtom);
  const isExpired = useAtomValue(secondStepExpiredAtom);
  const setIsExpired = useSetAtom(secondStepExpiredAtom);
  const [secondStep, setSecondStep] = useState<PendingSecondStep | null>(null);
  const message = isExpired
    ? t('signInFactors.secondStep.expired')
    : sessionError
      ? describeSessionFailure(sessionError, t)
      : null;

  const handleSecondStepDone = (result: SessionStartResult) => {
    if (result.ok) navigate(returnHref(returnPath), { replace: true });
    // A refused session: back to the form, which shows why.
    else setSecondStep(null);
  };
  const handleSecondStep = (step: PendingSecondStep) => {
    setIsExpired(false);
    setSecondStep(step);
  };

  return (
    <Stack gap="8">
      <Stack gap="2">
        <Heading as="h1" fontSize="2xl" fontWeight="semibold">
          {t('auth.signIn.title')}
        </Heading>
        {secondStep ? null : <Text color="fg.muted">{t('auth.signIn.subtitle')}</Text>}
      </Stack>
      {secondStep ? (
        <SecondStep
          secondStep={secondStep}
          onDone={handleSecondStepDone}
          onExpired={() => {
            setIsExpired(true);
            setSecondStep(null);
          }}
          onCancel={() => setSecondStep(null)}
        />
      ) : (
        <SignInForm initialError={message ?? undefined} onSecondStep={handleSecondStep} />
      )}
    </Stack>
  );
}

export default SignInScreen;
