import { chakra, Stack } from '@chakra-ui/react';
import { Button, TextField } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useTranslation } from 'react-i18next';
import { FormAlert, useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { type PasskeyNameValues, passkeyNameSchema } from './passkeyNameSchema.ts';
import { SmallDialog } from './SmallDialog.tsx';

export type PasskeyNameDialogProps = {
  title: string;
  submitLabel: string;
  /** The name it starts with ('' for a new passkey). */
  initialName: string;
  /** Saves the name; resolves with the words of a failure, or null (done, or a step-up given up). */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
};

/** A passkey's name, for a new one (before the browser makes it) or a rename. */
export function PasskeyNameDialog({
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
}: PasskeyNameDialogProps) {
  const { t } = useTranslation();
  const { form, register, fieldError, formError, hasErrors } = useSubmitOnlyForm<PasskeyNameValues>(
    {
      resolver: yupResolver(passkeyNameSchema),
      defaultValues: { name: initialName },
    },
  );
  const handleSubmit = form.handleSubmit(async ({ name }) => {
    const failure = await onSubmit(name);
    if (failure) form.setError('root', { type: 'server', message: failure });
  });
  const isBusy = form.formState.isSubmitting;
  return (
    <SmallDialog title={title} isBusy={isBusy} onClose={onClose}>
      <chakra.form onSubmit={handleSubmit} noValidate paddingBlockEnd="4">
        <Stack gap="5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextField
            {...register('name')}
            label={t('signInFactors.methods.passkeyName')}
            helper={t('signInFactors.methods.passkeyNameHint')}
            autoComplete="off"
            error={fieldError('name')}
          />
          <Stack direction="row" justify="flex-end" gap="3">
            <Button variant="ghost" onClick={onClose} disabled={isBusy}>
              {t('signInFactors.methods.cancel')}
            </Button>
            <Button type="submit" isLoading={isBusy} disabled={hasErrors}>
              {submitLabel}
            </Button>
          </Stack>
        </Stack>
      </chakra.form>
    </SmallDialog>
  );
}
