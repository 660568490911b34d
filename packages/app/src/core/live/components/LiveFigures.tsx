import { VisuallyHidden } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { useCoachApi } from '../../session/index.ts';
import { applyLiveEventAtom } from '../atoms/applyLiveEventAtom.ts';
import { liveAnnouncementAtom } from '../atoms/liveAnnouncementAtom.ts';
import { runLiveStream } from '../liveStream.ts';

/** Most names an announcement reads out; beyond, it says how many clients. */
const maxNamesSaid = 5;

/**
 * The signed-in tab's live figures (issue 20): keeps the coach's live event stream open while it
 * is mounted (the signed-in layout; its code loads with it, never on the sign-in route) and makes
 * what each message concerns stale, so the screens read it again in place. Screen readers hear
 * one polite announcement per message, naming the clients whose figures changed.
 */
export function LiveFigures() {
  const { t } = useTranslation();
  const api = useCoachApi();
  const applyLiveEvent = useSetAtom(applyLiveEventAtom);
  const announcement = useAtomValue(liveAnnouncementAtom);
  useEffect(() => {
    const abort = new AbortController();
    void runLiveStream({ api, onEvent: applyLiveEvent, signal: abort.signal });
    return () => abort.abort();
  }, [api, applyLiveEvent]);
  const { names, sequence } = announcement;
  const text =
    names.length === 0
      ? ''
      : names.length > maxNamesSaid
        ? t('live.updatedCount', { count: names.length })
        : t('live.updated', { names: names.join(', ') });
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {/* A new node per message: the same names twice are told twice. */}
      <span key={sequence}>{text}</span>
    </VisuallyHidden>
  );
}

export default LiveFigures;
