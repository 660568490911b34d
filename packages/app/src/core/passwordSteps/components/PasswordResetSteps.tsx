import { isSecondStep, type TokensOrSecondStep } from '@coach/api';
import { toast } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from '../../../state/jotai.ts';
import type { PasswordResetStart } from '../../navigation/index.ts';
import { SecondStep } from '../../secondFactor/index.ts';
import {
  type PendingSecondStep,
  type SessionStartResult,
  startSessionAtom,
} from '../../session/index.ts';
import { CodeStep } from './CodeStep.tsx';
import { EmailStep } from './EmailStep.tsx';
import { NewPasswordStep } from './NewPasswordStep.tsx';

/**
 * Where the flow is. `resetRequestId` names the latest code request (a resend makes a new one):
 * its code is checked against that request's own tries, so strangers' wrong codes never use them
 * up. The flow lives in memory, like the email it resets.
 */
type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; resetRequestId: string }
  | { name: 'password'; email: string; resetRequestId: string; code: string }
  /** The password is set; the account's second factor signs in (decision 73). */
  | { name: 'secondStep'; secondStep: PendingSecondStep };

export type PasswordResetStepsProps = {
  /** The account's email, prefilled and read-only (Settings: the signed-in coach's own). */
  email?: string;
  /** A code mailed already (a security link): the flow starts at the code step. */
  start?: PasswordResetStart;
  /**
   * Called at the end: the password is set and the returned tokens were used to sign in
   * (`ok`), or that sign-in was refused (the reason is left for the sign-in screen).
   */
  onDone: (result: SessionStartResult) => void;
  /**
   * The second step after the reset ran out (5 minutes) or was used: the password is set, the
   * coach signs in again.
   */
  onSecondStepExpired: () => void;
};

/**
 * The three steps of the password reset (requirements R2.7): email, the mailed code, the new password.
 * Success signs in with the returned tokens and shows 'Password successfully changed'.
 * Used by the '/changePassword' screen and by Settings' 'Change password' modal.
 */
export function PasswordResetSteps({
  email,
  start,
  onDone,
  onSecondStepExpired,
}: PasswordResetStepsProps) {
  const { t } = useTranslation();
  const startSession = useSetAtom(startSessionAtom);
  const [step, setStep] = useState<Step>(() =>
    start ? { name: 'code', ...start } : { name: 'email' },
  );

  const handleDone = (result: SessionStartResult) => {
    if (result.ok) toast.success(t('auth.changePassword.success'));
    onDone(result);
  };
  const handleReset = async (answer: TokensOrSecondStep) => {
    // An account with a second factor: the reset does not pass it, the second step comes next.
    if (isSecondStep(answer)) {
      setStep({ name: 'secondStep', secondStep: answer.secondStep });
      return;
    }
    handleDone(await startSession(answer));
  };

  switch (step.name) {
    case 'email':
      return (
        <EmailStep
          lockedEmail={email}
          onCodeSent={(sentTo, resetRequestId) =>
            setStep({ name: 'code', email: sentTo, resetRequestId })
          }
        />
      );
    case 'code':
      return (
        <CodeStep
          email={step.email}
          resetRequestId={step.resetRequestId}
          // A resend that answers after the code was verified changes nothing.
          onResent={(resetRequestId) =>
            setStep((current) =>
              current.name === 'code' ? { ...current, resetRequestId } : current,
            )
          }
          onVerified={(code, verifiedRequestId) =>
            setStep({
              name: 'password',
              email: step.email,
              resetRequestId: verifiedRequestId,
              code,
            })
          }
        />
      );
    case 'password':
      return (
        <NewPasswordStep
          email={step.email}
          code={step.code}
          resetRequestId={step.resetRequestId}
          onReset={handleReset}
        />
      );
    case 'secondStep':
      return (
        <SecondStep
          secondStep={step.secondStep}
          onDone={handleDone}
          onExpired={onSecondStepExpired}
        />
      );
  }
}
