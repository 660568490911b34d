import { chakra, Grid, Stack } from '@chakra-ui/react';
import type { InviteCheck } from '@coach/api';
import { Button, PasswordField, TextField } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { describeTooManyAttempts } from '../../../errors/tooManyAttempts.ts';
import { useAcceptInvite } from '../hooks/useAcceptInvite.ts';
import { type InviteAcceptanceValues, inviteAcceptanceSchema } from '../inviteAcceptanceSchema.ts';
import type { InviteClosedReason } from '../inviteProblem.ts';
import { detectTimeZone } from '../timeZones.ts';
import { TimeZoneOptions } from './TimeZoneOptions.tsx';

export type InviteFormProps = {
  /** The token of the invite link. */
  token: string;
  /** The checked invite: its address and coach. */
  invite: InviteCheck;
  /** Called once the account exists. */
  onAccepted: () => void;
  /** Called when the invite turned out unusable on submit (expired, used meanwhile...). */
  onClosed: (reason: InviteClosedReason) => void;
};

const mismatch = 'auth.validation.passwordsDoNotMatch' as const;

/**
 * The invitee's account: names, a password and its confirmation, and the timezone (the device's,
 * editable, IANA names only), then `POST /invites/accept`. A failure keeps the entries.
 */
export function InviteForm({ token, invite, onAccepted, onClosed }: InviteFormProps) {
  const { t } = useTranslation();
  const accept = useAcceptInvite(token);
  const timeZoneListId = useId();
  // Not an error of a field: the button stays on, so the same entries can be sent again.
  const [failure, setFailure] = useState<string | null>(null);
  const [detectedTimeZone] = useState(() => detectTimeZone());
  const { form, register, fieldError, hasErrors } = useSubmitOnlyForm<InviteAcceptanceValues>({
    resolver: yupResolver(inviteAcceptanceSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
      timezone: detectedTimeZone ?? '',
    },
    onEdit: () => setFailure(null),
  });
  const { isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await accept(values);
    if (result.ok) {
      onAccepted();
      return;
    }
    const { problem } = result;
    switch (problem.kind) {
      case 'closed':
        onClosed(problem.reason);
        return;
      case 'invalidTimezone':
        form.setError('timezone', { message: 'inviteAcceptance.validation.timezoneUnknown' });
        return;
      case 'tooManyAttempts':
        setFailure(describeTooManyAttempts(problem.refusal, t));
        return;
      case 'failed':
        setFailure(t('inviteAcceptance.submitFailed'));
    }
  });

  const passwordProps = {
    showLabel: t('inviteAcceptance.showPassword'),
    hideLabel: t('inviteAcceptance.hidePassword'),
    autoComplete: 'new-password',
  };
  return (
    <chakra.form onSubmit={handleSubmit} noValidate aria-busy={isSubmitting}>
      <Stack gap="5">
        {/* Read-only, and named 'username' so a password manager saves the new password for it. */}
        <TextField
          label={t('inviteAcceptance.email')}
          type="email"
          value={invite.email}
          autoComplete="username"
          readOnly
        />
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
          <TextField
            {...register('firstName')}
            label={t('inviteAcceptance.firstName')}
            autoComplete="given-name"
            error={fieldError('firstName')}
          />
          <TextField
            {...register('lastName')}
            label={t('inviteAcceptance.lastName')}
            autoComplete="family-name"
            error={fieldError('lastName')}
          />
        </Grid>
        {/* A mismatch shows on both fields; editing either one clears it from both. */}
        <PasswordField
          {...register('password', [{ name: 'confirmPassword', message: mismatch }])}
          {...passwordProps}
          label={t('inviteAcceptance.password')}
          helper={t('inviteAcceptance.passwordHint')}
          error={fieldError('password')}
        />
        <PasswordField
          {...register('confirmPassword', [{ name: 'password', message: mismatch }])}
          {...passwordProps}
          label={t('inviteAcceptance.confirmPassword')}
          error={fieldError('confirmPassword')}
        />
        {/* A text field with the IANA names as suggestions: typing 'Paris' finds Europe/Paris. */}
        <TextField
          {...register('timezone')}
          label={t('inviteAcceptance.timezone')}
          helper={t(
            detectedTimeZone
              ? 'inviteAcceptance.timezoneHintDetected'
              : 'inviteAcceptance.timezoneHint',
          )}
          list={timeZoneListId}
          autoComplete="off"
          spellCheck={false}
          error={fieldError('timezone')}
        />
        <TimeZoneOptions id={timeZoneListId} />
        {/* Beside the button: the form is long, and this is where the invitee looks. */}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" size="lg" isLoading={isSubmitting} disabled={hasErrors}>
          {t('inviteAcceptance.submit')}
        </Button>
      </Stack>
    </chakra.form>
  );
}
