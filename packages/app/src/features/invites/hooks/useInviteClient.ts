import { isApiError } from '@coach/api';
import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { describeTooManyAttempts, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { pendingInvitesAtom } from '../atoms/pendingInvitesAtom.ts';

/** How an invite ended: sent, refused because the address is taken, or failed. */
export type InviteOutcome = 'invited' | 'alreadyRegistered' | 'failed';

/**
 * Invites a client (`POST /invites`) with an email already trimmed and checked. Success toasts
 * the spec's text with that address, refreshes the pending invites and calls `onInvited` (the
 * clients screen refreshes its list: invites know nothing of the clients feature). A
 * taken address (409 'already_registered') is left to the form to say on the field; a throttled
 * answer says when to try again; any other failure toasts the spec's 'Error performing client
 * invite operation'.
 */
export function useInviteClient(onInvited?: () => void) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const refreshInvites = useSetAtom(pendingInvitesAtom);

  return async (email: string): Promise<InviteOutcome> => {
    try {
      await api.auth.createInvite({ email });
    } catch (error) {
      if (isApiError(error, 'already_registered')) return 'alreadyRegistered';
      const tooManyAttempts = tooManyAttemptsOf(error);
      toast.error(
        tooManyAttempts
          ? describeTooManyAttempts(tooManyAttempts, t)
          : describeCallFailure(error, t, t('invites.inviteFailed')),
      );
      return 'failed';
    }
    toast.success(t('invites.invited', { email }));
    refreshInvites('refresh');
    onInvited?.();
    return 'invited';
  };
}
