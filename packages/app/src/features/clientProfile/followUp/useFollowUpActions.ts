import type { SetFollowUpBody } from '@coach/api';
import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { profileSummaryAtoms } from '../shared/profileSummaryAtoms.ts';
import { followUpAtoms } from './followUpAtoms.ts';
import { type FollowUpField, followUpFailureOf } from './followUpFailure.ts';

/** How a set or move ended: done, or refused (naming the field the server did not take). */
export type FollowUpOutcome = { isSet: true } | { isSet: false; field: FollowUpField | null };

/**
 * The client's follow-up changed from this screen: set or moved, marked done or dropped, each
 * with its toast, and the follow-up (and the summary that carries it) read again.
 */
export function useFollowUpActions(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const refreshFollowUp = useSetAtom(followUpAtoms(clientId).data);
  const refreshSummary = useSetAtom(profileSummaryAtoms(clientId).data);
  // The profile's panel shows the summary's follow-up, the follow-up's own section its call's.
  const refresh = (_: 'refresh') => {
    refreshFollowUp('refresh');
    refreshSummary('refresh');
  };

  const setFollowUp = async (body: SetFollowUpBody, isMove = false): Promise<FollowUpOutcome> => {
    try {
      await api.notes.setFollowUp(clientId, body);
    } catch (error) {
      const failure = followUpFailureOf(error, t);
      toast.error(failure.text);
      return { isSet: false, field: failure.field };
    }
    toast.success(t(isMove ? 'clientProfile.followUp.moved' : 'clientProfile.followUp.saved'));
    refresh('refresh');
    return { isSet: true };
  };

  const endFollowUp = async (ending: 'done' | 'dropped'): Promise<boolean> => {
    try {
      await api.notes.endFollowUp(clientId, { ending });
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('clientProfile.followUp.endFailed')));
      refresh('refresh');
      return false;
    }
    toast.success(
      t(ending === 'done' ? 'clientProfile.followUp.markedDone' : 'clientProfile.followUp.dropped'),
    );
    refresh('refresh');
    return true;
  };

  return { setFollowUp, endFollowUp, refresh: () => refresh('refresh') };
}
