import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/translationKey.ts';
import type { InviteClosedReason } from '../inviteProblem.ts';
import { InviteNotice } from './InviteNotice.tsx';

const texts: Record<InviteClosedReason, { title: TranslationKey; hint: TranslationKey }> = {
  missingToken: {
    title: 'inviteAcceptance.missingToken',
    hint: 'inviteAcceptance.missingTokenHint',
  },
  expired: { title: 'inviteAcceptance.expired', hint: 'inviteAcceptance.expiredHint' },
  used: { title: 'inviteAcceptance.used', hint: 'inviteAcceptance.usedHint' },
  invalid: { title: 'inviteAcceptance.invalid', hint: 'inviteAcceptance.invalidHint' },
  registered: { title: 'inviteAcceptance.registered', hint: 'inviteAcceptance.registeredHint' },
};

export type InviteClosedProps = {
  reason: InviteClosedReason;
  /** Whether the page moves focus to it (it replaced the form after a submit). */
  isFocused?: boolean;
};

/**
 * An invite that can not be used (no token, expired or withdrawn, used, unknown), or whose
 * address has an account already: why, and to ask the coach for a new invite.
 */
export function InviteClosed({ reason, isFocused }: InviteClosedProps) {
  const { t } = useTranslation();
  const { title, hint } = texts[reason];
  const lines = [t(hint)];
  if (reason !== 'registered') lines.push(t('inviteAcceptance.askCoach'));
  return <InviteNotice title={t(title)} lines={lines} isFocused={isFocused} />;
}
