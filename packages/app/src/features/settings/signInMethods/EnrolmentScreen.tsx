import { Heading, Stack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { LuLogOut } from 'react-icons/lu';
import { enrolmentDoneAtom, logoutAtom } from '../../../core/session/index.ts';
import { useSetAtom, useStore } from '../../../state/jotai.ts';
import { SignInMethodsSection } from './SignInMethodsSection.tsx';
import { signInMethodsAtom } from './signInMethodsAtom.ts';

/**
 * REQUIRE_MFA (decision 73): before any other screen, a coach without a second factor sets up a
 * passkey or an authenticator app; once one is in, the app opens. Logging out (at the top, in
 * sight without scrolling) is the only other way on.
 */
function EnrolmentScreen() {
  const { t } = useTranslation();
  const store = useStore();
  const logout = useSetAtom(logoutAtom);
  const enrolmentDone = useSetAtom(enrolmentDoneAtom);
  // After each change: once the server no longer asks for an enrolment, the session loads.
  const handleChanged = async () => {
    const methods = await store.get(signInMethodsAtom).catch(() => null);
    if (methods && !methods.mustEnrol) await enrolmentDone();
  };
  return (
    <Stack gap="8">
      <Stack gap="2">
        {/* At the top: the screen is long, and the way out is in sight without scrolling. */}
        <Button
          variant="ghost"
          size="sm"
          alignSelf="flex-end"
          icon={<LuLogOut aria-hidden />}
          onClick={() => void logout()}
        >
          {t('signInFactors.enrol.logout')}
        </Button>
        <Heading as="h1" fontSize="2xl" fontWeight="semibold">
          {t('signInFactors.enrol.title')}
        </Heading>
        <Text color="fg.muted">{t('signInFactors.enrol.hint')}</Text>
      </Stack>
      <SignInMethodsSection onChanged={handleChanged} />
    </Stack>
  );
}

export default EnrolmentScreen;
