import { Heading, Stack, Text } from '@chakra-ui/react';
import type { SecondStepCodeMethod } from '@coach/domain';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { browserPasskeysAtom } from '../../passkeys/index.ts';
import {
  type FactorFailure,
  factorFailureOf,
  type PendingSecondStep,
  type SessionStartResult,
  startSessionAtom,
  useCoachApi,
} from '../../session/index.ts';
import { SecondFactorForm } from './SecondFactorForm.tsx';

export type SecondStepProps = {
  /** The second step the sign-in (or the password reset) answered. */
  secondStep: PendingSecondStep;
  /** The session started with the step's tokens (`ok`), or it was refused. */
  onDone: (result: SessionStartResult) => void;
  /** The step is over (5 minutes) or used: back to sign-in, which says so. */
  onExpired: () => void;
  /**
   * Back to sign-in, by the coach's choice: a 'Back to sign in' of the step's own (the password
   * reset leaves it out, its screen has one).
   */
  onCancel?: () => void;
};

/**
 * The sign-in's second step (decision 73), in the signed-out layout: a passkey of the account,
 * its authenticator app's code or a recovery code; the tokens it answers start the session.
 */
export function SecondStep({ secondStep, onDone, onExpired, onCancel }: SecondStepProps) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const passkeys = useAtomValue(browserPasskeysAtom);
  const startSession = useSetAtom(startSessionAtom);
  const { token } = secondStep;
  // A passkey is offered only where the browser has WebAuthn.
  const methods = secondStep.methods.filter(
    (method) => method !== 'passkey' || passkeys.isSupported(),
  );

  const finish = async (
    pass: () => Promise<{ accessToken: string; refreshToken: string }>,
    factor: 'code' | 'passkey',
  ): Promise<FactorFailure | null> => {
    try {
      const tokens = await pass();
      onDone(await startSession(tokens));
      return null;
    } catch (error) {
      const failure = factorFailureOf(error, factor);
      if (failure.kind === 'expired') {
        onExpired();
        return null;
      }
      return failure;
    }
  };

  const handlePasskey = () =>
    finish(async () => {
      const { challengeId, options } = await api.auth.secondStepPasskeyOptions(token);
      const credential = await passkeys.authenticate({ optionsJSON: options });
      return api.auth.completeSecondStepWithPasskey({ token, challengeId, credential });
    }, 'passkey');

  const handleCode = (method: SecondStepCodeMethod, code: string) =>
    finish(() => api.auth.completeSecondStep({ token, method, code }), 'code');

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h2" fontSize="xl" fontWeight="semibold">
          {t('signInFactors.secondStep.title')}
        </Heading>
        <Text color="fg.muted">{t('signInFactors.secondStep.hint')}</Text>
      </Stack>
      <SecondFactorForm
        methods={methods}
        onPasskey={handlePasskey}
        onCode={handleCode}
        submitLabel={t('signInFactors.secondStep.submit')}
      />
      {onCancel ? (
        <Button variant="link" size="sm" alignSelf="center" onClick={onCancel}>
          {t('signInFactors.secondStep.back')}
        </Button>
      ) : null}
    </Stack>
  );
}
