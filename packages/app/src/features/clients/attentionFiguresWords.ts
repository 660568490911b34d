import type { AttentionFigures } from '@coach/api';
import { endedAfterActionDays, episodeSpan } from '@coach/domain';
import type { TFunction } from 'i18next';
import { durationWords } from '../../i18n/durationWords.ts';

/**
 * The coach's figures over their clients' attention episodes in words, its parts joined by ' · ':
 * how many times a client needed attention in the window, the median time to the first action,
 * and how many ended within a week of an action against how many ended without one. Figures, not
 * a score; with no episode, a plain sentence.
 */
export function describeAttentionFigures(figures: AttentionFigures, t: TFunction): string {
  const { days } = figures;
  if (figures.episodes === 0) return t('clients.attentionFigures.none', { days });
  const hours = figures.medianHoursToFirstAction;
  return [
    t('clients.attentionFigures.episodes', { count: figures.episodes }),
    hours === null
      ? t('clients.attentionFigures.noActionYet')
      : t('clients.attentionFigures.median', {
          span: durationWords(episodeSpan(hours * 3_600_000), t),
        }),
    t('clients.attentionFigures.outcome', {
      count: figures.endedAfterAction,
      after: figures.endedAfterAction,
      without: figures.endedWithoutAction,
      withinDays: endedAfterActionDays,
    }),
  ].join(' · ');
}
