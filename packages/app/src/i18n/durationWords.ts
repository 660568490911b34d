import type { EpisodeSpan } from '@coach/domain';
import type { TFunction } from 'i18next';

/** A stretch of time in words: '45 min', '5 h', '4 days' (the domain's `episodeSpan`). */
export const durationWords = (span: EpisodeSpan, t: TFunction): string =>
  t(`durations.${span.unit}`, { count: span.count });
