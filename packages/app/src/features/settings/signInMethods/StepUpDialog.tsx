import { Stack, Text } from '@chakra-ui/react';
import type { SecondStepCodeMethod, SecondStepMethod } from '@coach/domain';
import { Modal } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { browserPasskeysAtom } from '../../../core/passkeys/index.ts';
import { SecondFactorForm } from '../../../core/secondFactor/index.ts';
import { type FactorFailure, factorFailureOf, useCoachApi } from '../../../core/session/index.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { stepUpRequestAtom } from './stepUpAtom.ts';

export type StepUpDialogProps = {
  /** The ways this coach can confirm (their passkeys, app, recovery codes). */
  methods: SecondStepMethod[];
};

/**
 * 'Confirm it's you' (decision 73): a change of the sign-in methods needs a second factor used in
 * the last 5 minutes; the dialog takes a passkey or a code (`/session/second-factor`), and the
 * change runs again. (An account without one gives its password: `ConfirmPasswordDialog`.)
 */
export function StepUpDialog({ methods }: StepUpDialogProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const passkeys = useAtomValue(browserPasskeysAtom);
  const request = useAtomValue(stepUpRequestAtom);
  const setRequest = useSetAtom(stepUpRequestAtom);
  const close = (isConfirmed: boolean) => {
    request?.resolve(isConfirmed);
    setRequest(null);
  };
  const attempt = async (
    confirm: () => Promise<void>,
    factor: 'code' | 'passkey',
  ): Promise<FactorFailure | null> => {
    try {
      await confirm();
      close(true);
      return null;
    } catch (error) {
      return factorFailureOf(error, factor);
    }
  };
  const handlePasskey = () =>
    attempt(async () => {
      const { challengeId, options } = await api.auth.secondFactorPasskeyOptions();
      const credential = await passkeys.authenticate({ optionsJSON: options });
      await api.auth.confirmSecondFactorWithPasskey({ challengeId, credential });
    }, 'passkey');
  const handleCode = (method: SecondStepCodeMethod, code: string) =>
    attempt(() => api.auth.confirmSecondFactor({ method, code }), 'code');

  return (
    <Modal
      isOpen={request?.proof === 'secondFactor'}
      onClose={() => close(false)}
      title={t('signInFactors.methods.stepUpTitle')}
      closeLabel={t('settings.closeModal')}
      size="sm"
    >
      <Stack gap="5" paddingBlockEnd="4">
        <Text color="fg.muted">{t('signInFactors.methods.stepUpHint')}</Text>
        <SecondFactorForm
          methods={methods.filter((method) => method !== 'passkey' || passkeys.isSupported())}
          onPasskey={handlePasskey}
          onCode={handleCode}
          submitLabel={t('signInFactors.methods.stepUpSubmit')}
        />
      </Stack>
    </Modal>
  );
}
