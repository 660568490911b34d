import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuShieldCheck } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router';
import { FormNotice } from '../../../core/forms/index.ts';
import { TextLink } from '../../../core/layout/index.ts';
import {
  passwordResetStartOf,
  paths,
  returnHref,
  useReturnPath,
  withReturnPath,
} from '../../../core/navigation/index.ts';
import { PasswordResetSteps } from '../../../core/passwordSteps/index.ts';
import { type SessionStartResult, secondStepExpiredAtom } from '../../../core/session/index.ts';
import { useSetAtom } from '../../../state/jotai.ts';

/**
 * The signed-out password reset screen ('/changePassword'). Success opens the page the address
 * carries (`?next=`, as on sign-in) or '/clients'; a refused session (e.g. not a coach) goes back
 * to sign-in, which shows why. Back on sign-in, the return path goes along. Sent on by a security
 * link (the router's state), it says every session ended and opens at the code step.
 */
export function PasswordResetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signInPath = withReturnPath(paths.root, returnPath);
  const setSecondStepExpired = useSetAtom(secondStepExpiredAtom);
  const start = passwordResetStartOf(useLocation().state);
  const handleDone = (result: SessionStartResult) => {
    navigate(result.ok ? returnHref(returnPath) : signInPath, { replace: true });
  };
  // The new password stands: sign-in says the step ran out, and the coach signs in with it.
  const handleSecondStepExpired = () => {
    setSecondStepExpired(true);
    navigate(signInPath, { replace: true });
  };
  return (
    <Stack gap="8">
      <Heading as="h1" fontSize="2xl" fontWeight="semibold">
        {t('auth.changePassword.title')}
      </Heading>
      {start ? (
        <FormNotice icon={LuShieldCheck} tone="info">
          {t('auth.changePassword.sessionsEnded', { email: start.email })}
        </FormNotice>
      ) : null}
      <PasswordResetSteps
        start={start ?? undefined}
        onDone={handleDone}
        onSecondStepExpired={handleSecondStepExpired}
      />
      <TextLink to={signInPath} alignSelf="center" size="sm">
        {t('auth.changePassword.backToSignIn')}
      </TextLink>
    </Stack>
  );
}

export default PasswordResetScreen;
