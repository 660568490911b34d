import {
  type AttentionEpisode,
  type AttentionFormats,
  describeAttentionReason,
  episodeStory,
  laggingLimitPercent,
} from '@coach/domain';
import type { TFunction } from 'i18next';
import { durationWords } from '../../../i18n/durationWords.ts';

/**
 * An attention episode in words, its parts joined by ' · ': the reasons it started with, then the
 * coach's first action and how long after the start ('you wrote after 5 h'), then how it ended and
 * how long after that action, or after the start when there was none ('back above 70% 4 days
 * later'), or how long it has been open at `now` ('still open after 9 days, no action yet').
 */
export function describeEpisode(
  episode: AttentionEpisode,
  now: Date,
  t: TFunction,
  formats: AttentionFormats,
): string {
  const story = episodeStory(episode, now);
  const reasons = story.reasons
    .map((reason) =>
      describeAttentionReason(reason, (key, values) => t(key, values ?? {}), formats),
    )
    .join(', ');
  const action = story.firstAction
    ? t(`clientProfile.episodes.action.${story.firstAction.kind}`, {
        span: durationWords(story.firstAction.after, t),
      })
    : null;
  const { end } = story;
  if (end.state === 'open') {
    const span = durationWords(end.for, t);
    return action
      ? [reasons, action, t('clientProfile.episodes.open', { span })].join(' · ')
      : [reasons, t('clientProfile.episodes.openNoAction', { span })].join(' · ');
  }
  const ending = t(`clientProfile.episodes.ended.${end.ending}`, {
    span: durationWords(end.after, t),
    limit: laggingLimitPercent,
  });
  return [reasons, action ?? t('clientProfile.episodes.noAction'), ending].join(' · ');
}
