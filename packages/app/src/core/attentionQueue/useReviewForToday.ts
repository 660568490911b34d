import { toast } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCallFailure } from '../../errors/callFailure.ts';
import { useSetAtom } from '../../state/jotai.ts';
import { clientListAtom } from '../clientList/index.ts';
import { useCoachApi } from '../session/index.ts';

/**
 * Marks the client on screen reviewed for today, or takes the mark back: the server works out
 * what it covers (the client's flags now), and the list, read again, takes the client out of the
 * queue (or back in). Answers whether it was done; a refusal shows its toast.
 */
export function useReviewForToday(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const refreshList = useSetAtom(clientListAtom);
  const [isSaving, setIsSaving] = useState(false);

  const change = async (isReviewed: boolean): Promise<boolean> => {
    setIsSaving(true);
    try {
      if (isReviewed) await api.analytics.markClientReviewed(clientId);
      else await api.analytics.unmarkClientReviewed(clientId);
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('queue.reviewFailed')));
      return false;
    } finally {
      setIsSaving(false);
    }
    refreshList('refresh');
    return true;
  };
  return { change, isSaving };
}
