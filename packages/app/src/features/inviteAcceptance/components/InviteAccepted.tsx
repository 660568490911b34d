import { useTranslation } from 'react-i18next';
import { InviteNotice } from './InviteNotice.tsx';

export type InviteAcceptedProps = {
  /** The invited address, now the account's. */
  email: string;
};

/** The account exists: sign in from the client app (this web app is for coaches only). */
export function InviteAccepted({ email }: InviteAcceptedProps) {
  const { t } = useTranslation();
  return (
    <InviteNotice
      isFocused
      title={t('inviteAcceptance.accepted')}
      lines={[t('inviteAcceptance.acceptedEmail', { email }), t('inviteAcceptance.acceptedHint')]}
    />
  );
}
