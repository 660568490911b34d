import { type Invite, toApiError } from '@coach/api';
import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { pendingInvitesAtom } from '../atoms/pendingInvitesAtom.ts';

/**
 * Resend (`POST /invites/{id}/resend`: a new link and expiry) and withdraw (`DELETE
 * /invites/{id}`) of a pending invite. Each toasts how it went, naming the address, and
 * refreshes the pending list on success; each resolves to whether it succeeded.
 */
export function useInviteActions() {
  const { t } = useTranslation();
  const api = useCoachApi();
  const refreshInvites = useSetAtom(pendingInvitesAtom);

  const resend = async ({ id, email }: Invite): Promise<boolean> => {
    try {
      await api.auth.resendInvite(id);
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('invites.resendFailed', { email })));
      if (toApiError(error).status === 404) refreshInvites('refresh');
      return false;
    }
    toast.success(t('invites.resent', { email }));
    refreshInvites('refresh');
    return true;
  };

  const withdraw = async ({ id, email }: Invite): Promise<boolean> => {
    try {
      await api.auth.withdrawInvite(id);
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('invites.withdrawFailed', { email })));
      // Gone already (accepted or withdrawn elsewhere): the list shows what is left.
      if (toApiError(error).status === 404) refreshInvites('refresh');
      return false;
    }
    toast.success(t('invites.withdrawn', { email }));
    refreshInvites('refresh');
    return true;
  };

  return { resend, withdraw };
}
