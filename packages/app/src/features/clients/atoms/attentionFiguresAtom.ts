import type { AttentionFigures } from '@coach/api';
import { liveListAtom } from '../../../core/live/index.ts';
import { getCoachApi, sessionEpochAtom } from '../../../core/session/index.ts';
import { atom } from '../../../state/jotai.ts';
import { loadable } from '../../../state/loadable.ts';

/**
 * The coach's figures over their clients' attention episodes of the last 30 days
 * (`GET /api/analytics/attentionFigures`, as the server keeps them): read on first use, in a new
 * session and after each live message about the coach's clients (an episode opened, ended or
 * acted on publishes one).
 */
const attentionFiguresAtom = atom((get): Promise<AttentionFigures> => {
  get(sessionEpochAtom);
  get(liveListAtom);
  return getCoachApi(get).analytics.getAttentionFigures();
});
attentionFiguresAtom.debugLabel = 'attentionFiguresAtom';

/** {@link attentionFiguresAtom} without Suspense: the header line loads and fails on its own. */
export const attentionFiguresLoadableAtom = loadable<AttentionFigures>(attentionFiguresAtom);
attentionFiguresLoadableAtom.debugLabel = 'attentionFiguresLoadableAtom';
