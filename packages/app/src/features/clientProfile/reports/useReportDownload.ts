import type { Report } from '@coach/api';
import { toast } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { useAtomValue } from '../../../state/jotai.ts';
import { summaryFactsAtoms } from '../shared/profileSummaryAtoms.ts';
import { reportFileName, saveBlob } from './reportFileName.ts';

/** Downloads a report's PDF as 'report-<client>-<date>.pdf'; a failure toasts. */
export function useReportDownload(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const clientName = useAtomValue(summaryFactsAtoms(clientId).name) ?? '';
  return async (report: Report): Promise<void> => {
    try {
      const pdf = await api.resource.getClientReport(clientId, report.id);
      saveBlob(pdf, reportFileName(clientName, report.createdAt));
    } catch (error) {
      toast.error(describeCallFailure(error, t, t('profileActions.downloadFailed')));
    }
  };
}
