import { Heading, Stack, Text } from '@chakra-ui/react';
import { Button, Modal, toast } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuKeyRound } from 'react-icons/lu';
import { PasswordResetSteps } from '../../../core/passwordSteps/index.ts';
import { currentUserAtom } from '../../../core/session/index.ts';
import { useAtomValue } from '../../../state/jotai.ts';

/**
 * 'Change password' (decisions): the reset steps in a modal, for the signed-in coach's own email
 * (locked; the code goes by mail). The server ends the coach's other sessions; the tokens it
 * answers keep this tab signed in.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const email = useAtomValue(currentUserAtom)?.email;
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Stack gap="3" maxWidth="40rem" align="flex-start">
      <Heading as="h2" fontSize="xl" fontWeight="semibold">
        {t('settings.passwordTitle')}
      </Heading>
      <Text color="fg.muted">
        {email ? t('settings.passwordHint', { email }) : t('settings.passwordHintNoEmail')}
      </Text>
      <Button variant="secondary" icon={<LuKeyRound aria-hidden />} onClick={() => setIsOpen(true)}>
        {t('settings.changePassword')}
      </Button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('auth.changePassword.title')}
        closeLabel={t('settings.closeModal')}
      >
        <Stack paddingBlockEnd="4">
          <PasswordResetSteps
            email={email}
            onDone={() => setIsOpen(false)}
            onSecondStepExpired={() => {
              toast.error(t('signInFactors.secondStep.expiredAfterReset'));
              setIsOpen(false);
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
