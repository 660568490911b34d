import type { Report } from '@coach/api';
import { toast } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';

/**
 * Deletes a report: one at a time; 'Report deleted' or 'Error deleting report' as a toast.
 * Answers whether it is gone (a report already deleted elsewhere is gone too: 404).
 */
export function useReportDelete(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const [isDeleting, setIsDeleting] = useState(false);

  const deleteReport = async (report: Report): Promise<boolean> => {
    setIsDeleting(true);
    try {
      await api.resource.deleteClientReport(clientId, report.id);
      toast.success(t('profileActions.reportDeleted'));
      return true;
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('profileActions.reportDeleteFailed')));
      return false;
    } finally {
      setIsDeleting(false);
    }
  };
  return { deleteReport, isDeleting };
}
