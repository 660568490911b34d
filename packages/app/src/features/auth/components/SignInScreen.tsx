import { LoadingPlaceholder } from '@coach/ui';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { returnHref, useReturnPath } from '../../../core/navigation/index.ts';
import {
  describeSessionFailure,
  type PendingSecondStep,
  type SessionStartResult,
  secondStepExpiredAtom,
  sessionErrorAtom,
} from '../../../core/session/index.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { appClass } from '../../../styles/appClass.ts';
import { LazySecondStep } from './lazySecondStep.ts';
import { SignInForm } from './SignInForm.tsx';
import type { signInStyles } from './signIn.styles.ts';

const cls = appClass<typeof signInStyles>;

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
    <div className={cls('sign-in')}>
      <div className={cls('sign-in-head')}>
        <h1 className={`chakra-heading ${cls('sign-in-title')}`}>{t('auth.signIn.title')}</h1>
        {secondStep ? null : <p className={cls('sign-in-subtitle')}>{t('auth.signIn.subtitle')}</p>}
      </div>
      {secondStep ? (
        <Suspense fallback={<LoadingPlaceholder lines={4} label={t('app.loading')} />}>
          <LazySecondStep
            secondStep={secondStep}
            onDone={handleSecondStepDone}
            onExpired={() => {
              setIsExpired(true);
              setSecondStep(null);
            }}
            onCancel={() => setSecondStep(null)}
          />
        </Suspense>
      ) : (
        <SignInForm initialError={message ?? undefined} onSecondStep={handleSecondStep} />
      )}
    </div>
  );
}

export default SignInScreen;
