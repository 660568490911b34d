import { LoadingPlaceholder, toast } from '@coach/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAtomValue } from '../../../state/jotai.ts';
import { clientRowsLoadableAtom, viewFromSearchParams } from '../../clientList/index.ts';
import { paths } from '../../navigation/index.ts';
import { useStartQueue } from '../useStartQueue.ts';

/**
 * '/queue' (the morning mail's link, a bookmark): opens the first client of the attention
 * queue, in the list's view its parameters give (the needs-attention order without any). Nobody
 * in it: the list, with 'Nobody needs you right now.'. A list that fails to load: the list,
 * which shows the failure and its retry.
 */
function QueueStart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rows = useAtomValue(clientRowsLoadableAtom);
  const startQueue = useStartQueue();
  const [isStarted, setIsStarted] = useState(false);

  useEffect(() => {
    if (rows.state === 'loading' || isStarted) return;
    setIsStarted(true);
    const view = viewFromSearchParams(params);
    if (rows.state === 'hasData' && startQueue(rows.data.rows, view, { replace: true })) return;
    if (rows.state === 'hasData') toast.info(t('queue.empty'));
    const search = params.toString();
    navigate(search === '' ? paths.clients : `${paths.clients}?${search}`, { replace: true });
  }, [rows, params, isStarted, startQueue, navigate, t]);

  return <LoadingPlaceholder variant="screen" label={t('app.loading')} padding="10" />;
}

export default QueueStart;
