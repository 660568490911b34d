import { useEffect } from 'react';
import { useSetAtom } from '../../../state/jotai.ts';
import { useCoachApi } from '../../session/index.ts';
import { applyLiveEventAtom } from '../atoms/applyLiveEventAtom.ts';
import { runLiveStream } from '../liveStream.ts';

/**
 * The signed-in tab's live figures: keeps the coach's live event stream open while it
 * is mounted (the signed-in layout; its code loads with it, never on the sign-in route) and makes
 * what each message concerns stale, so the screens read it again in place. Renders nothing.
 */
export function LiveFigures() {
  const api = useCoachApi();
  const applyLiveEvent = useSetAtom(applyLiveEventAtom);
  useEffect(() => {
    const abort = new AbortController();
    void runLiveStream({ api, onEvent: applyLiveEvent, signal: abort.signal });
    return () => abort.abort();
  }, [api, applyLiveEvent]);
  return null;
}

export default LiveFigures;
