import { PasswordField, type PasswordFieldProps } from '@coach/ui';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

export type CurrentPasswordFieldProps = Omit<
  PasswordFieldProps,
  'label' | 'autoComplete' | 'showLabel' | 'hideLabel'
>;

/**
 * The account's current password, as the sign-in and 'Confirm it's you' ask for it: labelled,
 * filled by the browser's password manager, with its show and hide button. Takes `register()`.
 */
export const CurrentPasswordField = forwardRef<HTMLInputElement, CurrentPasswordFieldProps>(
  function CurrentPasswordField(props, ref) {
    const { t } = useTranslation();
    return (
      <PasswordField
        {...props}
        ref={ref}
        label={t('auth.signIn.password')}
        autoComplete="current-password"
        showLabel={t('auth.signIn.showPassword')}
        hideLabel={t('auth.signIn.hidePassword')}
      />
    );
  },
);
