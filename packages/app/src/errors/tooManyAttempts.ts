import { toApiError } from '@coach/api';
import type { TFunction } from 'i18next';

/** A call refused for too many attempts (HTTP 429), with the wait the server advised, if any. */
export type TooManyAttempts = { retryAfterSeconds: number | undefined };

/** The refusal for too many attempts in an error of a call, or null when it is something else. */
export function tooManyAttemptsOf(error: unknown): TooManyAttempts | null {
  const apiError = toApiError(error);
  return apiError.status === 429 ? { retryAfterSeconds: apiError.retryAfterSeconds } : null;
}

const minute = 60;
const hour = 60 * minute;

/**
 * The wait in the largest unit that reads well, rounded up so the coach never comes back too
 * early: '45 seconds', '2 minutes' (for 61 to 120 s), '3 hours'.
 */
export function describeWait(seconds: number, t: TFunction): string {
  if (seconds < minute) return t('errors.wait.seconds', { count: Math.max(1, seconds) });
  if (seconds <= 90 * minute) {
    return t('errors.wait.minutes', { count: Math.ceil(seconds / minute) });
  }
  return t('errors.wait.hours', { count: Math.ceil(seconds / hour) });
}

/**
 * 'Too many attempts. Try again in 2 minutes.' for a throttled sign-in, reset request or code
 * check (decisions: a throttled answer says so and when to try again).
 */
export function describeTooManyAttempts(refusal: TooManyAttempts, t: TFunction): string {
  const { retryAfterSeconds } = refusal;
  if (retryAfterSeconds === undefined) return t('errors.tooManyAttemptsLater');
  return t('errors.tooManyAttempts', { wait: describeWait(retryAfterSeconds, t) });
}
