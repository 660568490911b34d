import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextLink } from '../../../core/layout/index.ts';
import type { SessionStartResult } from '../../../core/session/index.ts';
import { paths } from '../../../routes/paths.ts';
import { PasswordResetSteps } from './PasswordResetSteps.tsx';

/**
 * The signed-out password reset screen ('/changePassword'). Success opens '/clients'; a refused
 * session (e.g. not a coach) goes back to sign-in, which shows why.
 */
export function PasswordResetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handleDone = (result: SessionStartResult) => {
    navigate(result.ok ? paths.clients : paths.root, { replace: true });
  };
  return (
    <Stack gap="8">
      <Heading as="h1" fontSize="2xl" fontWeight="semibold">
        {t('auth.changePassword.title')}
      </Heading>
      <PasswordResetSteps onDone={handleDone} />
      <TextLink to={paths.root} alignSelf="center" fontSize="sm">
        {t('auth.changePassword.backToSignIn')}
      </TextLink>
    </Stack>
  );
}

export default PasswordResetScreen;
