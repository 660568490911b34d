import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { describeSessionFailure, sessionErrorAtom } from '../../../core/session/index.ts';
import { useAtomValue } from '../../../state/jotai.ts';
import { SignInForm } from './SignInForm.tsx';

/** The sign-in screen (requirements R2.6), with any reason the last session was refused. */
export function SignInScreen() {
  const { t } = useTranslation();
  const sessionError = useAtomValue(sessionErrorAtom);
  const message = sessionError ? describeSessionFailure(sessionError, t) : null;
  return (
    <Stack gap="8">
      <Stack gap="2">
        <Heading as="h1" fontSize="2xl" fontWeight="semibold">
          {t('auth.signIn.title')}
        </Heading>
        <Text color="fg.muted">{t('auth.signIn.subtitle')}</Text>
      </Stack>
      <SignInForm initialError={message ?? undefined} />
    </Stack>
  );
}

export default SignInScreen;
