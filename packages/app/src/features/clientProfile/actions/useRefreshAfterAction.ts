import { useSetAtom } from '../../../state/jotai.ts';
import { coachActionsAtoms } from '../atoms/coachActionsAtoms.ts';
import { refreshClientProfileAtom } from '../atoms/refreshClientProfileAtom.ts';
import { reportsAtoms } from '../atoms/reportsAtoms.ts';
import { followUpAtoms } from '../followUp/followUpAtoms.ts';

/**
 * After a phase change or a report: the profile (header, journey and with it the series,
 * activity, lists), the clients list, the reports, the coach's history and the follow-up (the
 * action ended it) are read again.
 */
export function useRefreshAfterAction(clientId: string): () => void {
  const refreshProfile = useSetAtom(refreshClientProfileAtom);
  const refreshReports = useSetAtom(reportsAtoms(clientId).data);
  const refreshHistory = useSetAtom(coachActionsAtoms(clientId).data);
  const refreshFollowUp = useSetAtom(followUpAtoms(clientId).data);
  return () => {
    refreshProfile(clientId);
    refreshReports('refresh');
    refreshHistory('refresh');
    refreshFollowUp('refresh');
  };
}
