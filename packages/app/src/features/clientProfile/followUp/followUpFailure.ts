import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import { describeWait } from '../../../errors/tooManyAttempts.ts';
import { type WriteRefusal, writeRefusalOf } from '../shared/writeRefusal.ts';

/** The fields of a follow-up the server may name in a refusal. */
export type FollowUpField = 'dueDate' | 'reason';

/** Why setting a follow-up failed: the text to show, and the field to point at, if any. */
export type FollowUpFailure = { text: ReactNode; field: FollowUpField | null };

/** What a field says when the server refused it. */
export const refusedFieldTexts = {
  dueDate: 'clientProfile.followUp.dateRefused',
  reason: 'clientProfile.followUp.reasonRefused',
} as const;

/**
 * A failed set or move of a follow-up in words: past the day's follow-ups, when to try again; a
 * date or reason refused, 'The follow-up was not set.' and the field to say why; otherwise 'The
 * follow-up was not set.' (with the server's unreachability when it was that).
 */
export function followUpFailureOf(error: unknown, t: TFunction): FollowUpFailure {
  const refusal: WriteRefusal<FollowUpField> = writeRefusalOf(error, ['dueDate', 'reason']);
  if (refusal.kind === 'quota') {
    const text =
      refusal.retryAfterSeconds === undefined
        ? t('clientProfile.followUp.quotaReachedLater')
        : t('clientProfile.followUp.quotaReached', {
            wait: describeWait(refusal.retryAfterSeconds, t),
          });
    return { text, field: null };
  }
  if (refusal.kind === 'field') {
    return { text: t('clientProfile.followUp.setFailed'), field: refusal.field };
  }
  return {
    text: describeCallFailure(error, t, t('clientProfile.followUp.setFailed')),
    field: null,
  };
}
