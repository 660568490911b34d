import type { CreateReportBody } from '@coach/api';
import { toast } from '@coach/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { describeWait, tooManyAttemptsOf } from '../../../errors/tooManyAttempts.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { refreshClientProfileAtom } from '../shared/refreshClientProfileAtom.ts';
import { useReportDownload } from './useReportDownload.ts';

/**
 * Generates a report: one at a time (a second click while one renders does nothing), the browser
 * asked to confirm leaving meanwhile (the app must not be closed), then the list and history read
 * again and the PDF downloaded; a failure toasts 'Error generating report' (past the coach's daily
 * reports, when to try again). Answers whether it was made.
 */
export function useGenerateReport(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const refreshProfile = useSetAtom(refreshClientProfileAtom);
  const download = useReportDownload(clientId);
  const [isGenerating, setIsGenerating] = useState(false);
  const isRunning = useRef(false);

  useEffect(() => {
    if (!isGenerating) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isGenerating]);

  const generate = async (body: CreateReportBody): Promise<boolean> => {
    if (isRunning.current) return false;
    isRunning.current = true;
    setIsGenerating(true);
    try {
      const report = await api.resource.createClientReport(clientId, body);
      refreshProfile(clientId);
      await download(report);
      return true;
    } catch (error) {
      const tooMany = tooManyAttemptsOf(error);
      toast.error(
        tooMany === null
          ? describeCallFailure(error, t, t('profileActions.reportFailed'))
          : tooMany.retryAfterSeconds === undefined
            ? t('profileActions.reportQuotaReachedLater')
            : t('profileActions.reportQuotaReached', {
                wait: describeWait(tooMany.retryAfterSeconds, t),
              }),
      );
      return false;
    } finally {
      isRunning.current = false;
      setIsGenerating(false);
    }
  };
  return { generate, isGenerating };
}
