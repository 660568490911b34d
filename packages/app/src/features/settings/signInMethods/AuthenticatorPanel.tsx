import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { AuthenticatorEnrolment, SignInMethods } from '@coach/api';
import { Button, toast } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuKeyRound, LuRefreshCw, LuSmartphone } from 'react-icons/lu';
import { useCoachApi } from '../../../core/session/index.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue } from '../../../state/jotai.ts';
import { ConfirmRemovalDialog } from './ConfirmRemovalDialog.tsx';
import { describeMethodsFailure } from './describeMethodsFailure.ts';
import { EnrolAuthenticatorDialog } from './EnrolAuthenticatorDialog.tsx';
import { formatDay } from './formatDate.ts';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.tsx';
import { stepUpRequestAtom } from './stepUpAtom.ts';
import { StepUpCancelled, useWithStepUp } from './useWithStepUp.ts';

export type AuthenticatorPanelProps = {
  methods: SignInMethods;
  onChanged: () => void;
};

type Dialog =
  | { name: 'enrol'; enrolment: AuthenticatorEnrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'turnOff' };

/**
 * The authenticator app: off (set it up: a new secret, after a step-up when one is asked for), or
 * on since a day with the recovery codes left (new codes, turn off). New recovery codes show once.
 */
export function AuthenticatorPanel({ methods, onChanged }: AuthenticatorPanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const api = useCoachApi();
  const withStepUp = useWithStepUp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const [isRegenerating, setIsRegenerating] = useState(false);
  const { authenticator } = methods;
  // Busy while the server answers, not while a step-up dialog waits for the coach.
  const isAskingProof = useAtomValue(stepUpRequestAtom) !== null;

  // A new secret each time (the server keeps it until the first code), asked before the dialog
  // opens: adding a factor may need the password or a second factor first.
  const handleSetUp = async () => {
    setIsStarting(true);
    try {
      const enrolment = await withStepUp(() => api.auth.startAuthenticatorEnrolment());
      setDialog({ name: 'enrol', enrolment });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) {
        toast.error(describeMethodsFailure(error, t, 'signInFactors.methods.enrolFailed'));
      }
    } finally {
      setIsStarting(false);
    }
  };

  const handleEnrolled = (codes: string[]) => {
    setDialog({ name: 'codes', codes });
    toast.success(t('signInFactors.methods.authenticatorTurnedOn'));
  };
  const handleCodesClosed = () => {
    setDialog(null);
    onChanged();
  };
  const handleRegenerate = async () => {
    setIsRegenerating(true);
    try {
      const { recoveryCodes } = await withStepUp(() => api.auth.regenerateRecoveryCodes());
      setDialog({ name: 'codes', codes: recoveryCodes });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) {
        toast.error(describeMethodsFailure(error, t, 'signInFactors.methods.regenerateFailed'));
      }
    } finally {
      setIsRegenerating(false);
    }
  };
  const handleTurnOff = async () => {
    setDialog(null);
    try {
      await withStepUp(() => api.auth.removeAuthenticator());
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) {
        toast.error(describeMethodsFailure(error, t, 'signInFactors.methods.turnOffFailed'));
      }
      return;
    }
    onChanged();
    toast.success(t('signInFactors.methods.turnedOff'));
  };

  return (
    <Stack gap="3">
      <Heading as="h3" fontSize="md" fontWeight="semibold">
        {t('signInFactors.methods.authenticatorTitle')}
      </Heading>
      <Text color="fg.muted">{t('signInFactors.methods.authenticatorHint')}</Text>
      {authenticator ? (
        <>
          <HStack gap="3">
            <LuSmartphone aria-hidden />
            <Text fontWeight="medium">
              {t('signInFactors.methods.authenticatorOn', {
                date: formatDay(authenticator.addedAt, locale),
              })}
            </Text>
          </HStack>
          <Text>
            {t('signInFactors.methods.recoveryLeft', { count: methods.recoveryCodesLeft })}
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button
              variant="secondary"
              icon={<LuRefreshCw aria-hidden />}
              isLoading={isRegenerating && !isAskingProof}
              onClick={handleRegenerate}
            >
              {t('signInFactors.methods.newRecoveryCodes')}
            </Button>
            <Button variant="ghost" onClick={() => setDialog({ name: 'turnOff' })}>
              {t('signInFactors.methods.turnOff')}
            </Button>
          </HStack>
        </>
      ) : (
        <Button
          variant="secondary"
          alignSelf="flex-start"
          icon={<LuKeyRound aria-hidden />}
          isLoading={isStarting && !isAskingProof}
          onClick={handleSetUp}
        >
          {t('signInFactors.methods.setUpAuthenticator')}
        </Button>
      )}
      {dialog?.name === 'enrol' ? (
        <EnrolAuthenticatorDialog
          enrolment={dialog.enrolment}
          onEnrolled={handleEnrolled}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.name === 'codes' ? (
        <RecoveryCodesDialog codes={dialog.codes} onClose={handleCodesClosed} />
      ) : null}
      {dialog?.name === 'turnOff' ? (
        <ConfirmRemovalDialog
          title={t('signInFactors.methods.turnOffTitle')}
          question={t('signInFactors.methods.turnOffQuestion')}
          confirmLabel={t('signInFactors.methods.turnOff')}
          onConfirm={handleTurnOff}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
