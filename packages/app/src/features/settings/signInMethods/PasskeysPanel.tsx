import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { Passkey } from '@coach/api';
import { signInFactorLimits } from '@coach/domain';
import { Button, toast } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFingerprint, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { browserPasskeysAtom, isCancelledCeremony } from '../../../core/passkeys/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { isServerUnreachable } from '../../../errors/callFailure.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useAtomValue } from '../../../state/jotai.ts';
import { ConfirmRemovalDialog } from './ConfirmRemovalDialog.tsx';
import { describeMethodsFailure } from './describeMethodsFailure.ts';
import { formatDay } from './formatDate.ts';
import { PasskeyNameDialog } from './PasskeyNameDialog.tsx';
import { StepUpCancelled, useWithStepUp } from './useWithStepUp.ts';

export type PasskeysPanelProps = {
  passkeys: Passkey[];
  /** Read the methods again after a change. */
  onChanged: () => void;
};

type Dialog =
  | { name: 'add' }
  | { name: 'rename'; passkey: Passkey }
  | { name: 'remove'; passkey: Passkey };

/** The coach's passkeys: each with when it was added and last used, renamed or removed; add one. */
export function PasskeysPanel({ passkeys, onChanged }: PasskeysPanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const api = useCoachApi();
  const browser = useAtomValue(browserPasskeysAtom);
  const withStepUp = useWithStepUp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const handleAdd = async (name: string): Promise<string | null> => {
    try {
      // A proof asked for at any call runs the whole ceremony again: a challenge is single-use.
      await withStepUp(async () => {
        const { challengeId, options } = await api.auth.passkeyRegistrationOptions();
        const credential = await browser.register({ optionsJSON: options });
        await api.auth.addPasskey({ name, challengeId, credential });
      });
    } catch (error) {
      // The proof was not given: the name stays, to try again or cancel.
      if (error instanceof StepUpCancelled) return null;
      if (isCancelledCeremony(error)) return t('signInFactors.methods.passkeyNotMade');
      if (isServerUnreachable(error)) return t('errors.serverUnreachable');
      const text = describeMethodsFailure(error, t, 'signInFactors.methods.addPasskeyFailed');
      return typeof text === 'string' ? text : t('signInFactors.methods.addPasskeyFailed');
    }
    close();
    onChanged();
    toast.success(t('signInFactors.methods.passkeyCreated'));
    return null;
  };

  const handleRename = (passkey: Passkey) => async (name: string) => {
    try {
      await api.auth.renamePasskey(passkey.id, { name });
    } catch (error) {
      return isServerUnreachable(error)
        ? t('errors.serverUnreachable')
        : t('signInFactors.methods.renameFailed');
    }
    close();
    onChanged();
    toast.success(t('signInFactors.methods.renamed'));
    return null;
  };

  const handleRemove = (passkey: Passkey) => async () => {
    close();
    try {
      await withStepUp(() => api.auth.removePasskey(passkey.id));
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) {
        toast.error(describeMethodsFailure(error, t, 'signInFactors.methods.removeFailed'));
      }
      return;
    }
    onChanged();
    toast.success(t('signInFactors.methods.removed'));
  };

  return (
    <Stack gap="3">
      <Heading as="h3" fontSize="md" fontWeight="semibold">
        {t('signInFactors.methods.passkeysTitle')}
      </Heading>
      <Text color="fg.muted">{t('signInFactors.methods.passkeysHint')}</Text>
      {passkeys.length === 0 ? (
        <Text>{t('signInFactors.methods.noPasskeys')}</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" borderWidth="thin" borderRadius="md">
          {passkeys.map((passkey, index) => (
            <HStack
              as="li"
              key={passkey.id}
              gap="4"
              paddingBlock="3"
              paddingInline="4"
              borderTopWidth={index === 0 ? '0' : 'thin'}
            >
              <LuFingerprint aria-hidden />
              <Box flex="1" minWidth="0">
                <Text fontWeight="medium" truncate>
                  {passkey.name}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {t('signInFactors.methods.passkeyAdded', {
                    date: formatDay(passkey.addedAt, locale),
                  })}
                  {' · '}
                  {passkey.lastUsedAt
                    ? t('signInFactors.methods.passkeyLastUsed', {
                        date: formatDay(passkey.lastUsedAt, locale),
                      })
                    : t('signInFactors.methods.passkeyNeverUsed')}
                </Text>
              </Box>
              <Button
                variant="ghost"
                size="sm"
                icon={<LuPencil aria-hidden />}
                aria-label={t('signInFactors.methods.renameLabel', { name: passkey.name })}
                onClick={() => setDialog({ name: 'rename', passkey })}
              >
                {t('signInFactors.methods.rename')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                icon={<LuTrash2 aria-hidden />}
                aria-label={t('signInFactors.methods.removeLabel', { name: passkey.name })}
                onClick={() => setDialog({ name: 'remove', passkey })}
              >
                {t('signInFactors.methods.remove')}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      {browser.isSupported() && passkeys.length < signInFactorLimits.passkeysMax ? (
        <Button
          variant="secondary"
          alignSelf="flex-start"
          icon={<LuPlus aria-hidden />}
          onClick={() => setDialog({ name: 'add' })}
        >
          {t('signInFactors.methods.addPasskey')}
        </Button>
      ) : null}
      {dialog?.name === 'add' ? (
        <PasskeyNameDialog
          title={t('signInFactors.methods.addPasskey')}
          submitLabel={t('signInFactors.methods.createPasskey')}
          initialName=""
          onSubmit={handleAdd}
          onClose={close}
        />
      ) : null}
      {dialog?.name === 'rename' ? (
        <PasskeyNameDialog
          title={t('signInFactors.methods.renameTitle')}
          submitLabel={t('signInFactors.methods.save')}
          initialName={dialog.passkey.name}
          onSubmit={handleRename(dialog.passkey)}
          onClose={close}
        />
      ) : null}
      {dialog?.name === 'remove' ? (
        <ConfirmRemovalDialog
          title={t('signInFactors.methods.removeTitle')}
          question={t('signInFactors.methods.removeQuestion', { name: dialog.passkey.name })}
          confirmLabel={t('signInFactors.methods.remove')}
          onConfirm={handleRemove(dialog.passkey)}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
