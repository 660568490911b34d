import type { PhaseChangeBody } from '@coach/api';
import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { refreshClientProfileAtom } from '../shared/refreshClientProfileAtom.ts';

/**
 * Starts the client's next phase: 'Phase successfully changed' and the profile and the list read
 * again, or 'Unable to move to next phase' (the spec's texts). Answers whether it changed.
 */
export function usePhaseChange(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const refreshProfile = useSetAtom(refreshClientProfileAtom);
  return async (body: PhaseChangeBody): Promise<boolean> => {
    try {
      await api.journey.startNextPhase(clientId, body);
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('profileActions.phaseChangeFailed')));
      return false;
    }
    toast.success(t('profileActions.phaseChanged'));
    refreshProfile(clientId);
    return true;
  };
}
