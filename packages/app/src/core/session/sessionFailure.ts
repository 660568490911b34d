import { type ApiError, type Person, toApiError, type User } from '@coach/api';
import type { TFunction } from 'i18next';

/** Why a session could not start (after sign-in, at start or after another tab's change). */
export type SessionFailure =
  | { kind: 'invalidUserType' }
  | { kind: 'noProfile'; userId: string }
  | { kind: 'expired' }
  | { kind: 'unavailable' }
  /** REQUIRE_MFA: this session may only enrol a second factor (not a failure to show). */
  | { kind: 'enrolmentRequired' };

/** Thrown by {@link toSessionFailure}'s callers: the session cannot be used. */
export class SessionLoadError extends Error {
  readonly failure: SessionFailure;

  constructor(failure: SessionFailure, options?: { cause?: unknown }) {
    super(`Session failed: ${failure.kind}`, options);
    this.name = 'SessionLoadError';
    this.failure = failure;
  }
}

/** What failed, from an error of the user or profile calls. */
export function toSessionFailure(error: unknown, userId?: string): SessionFailure {
  if (error instanceof SessionLoadError) return error.failure;
  const apiError: ApiError = toApiError(error);
  if (apiError.code === 'second_factor_enrolment_required') return { kind: 'enrolmentRequired' };
  if (apiError.status === 401) return { kind: 'expired' };
  if (apiError.status === 404 && userId) return { kind: 'noProfile', userId };
  return { kind: 'unavailable' };
}

/** Whether the failure means the stored tokens are of no use (so they are removed). */
export function isFinalFailure(failure: SessionFailure): boolean {
  return failure.kind !== 'unavailable' && failure.kind !== 'enrolmentRequired';
}

/** The text shown for a failure, or null when none is (an expired session just signs out). */
export function describeSessionFailure(failure: SessionFailure, t: TFunction): string | null {
  switch (failure.kind) {
    case 'invalidUserType':
      return t('session.invalidUserType');
    case 'noProfile':
      return t('session.noProfile', { id: failure.userId });
    case 'unavailable':
      return t('errors.serverUnreachable');
    case 'expired':
    case 'enrolmentRequired':
      return null;
  }
}

/** The coach app's session: the user and their first profile, which must be a coach's. */
export type CoachSession = { user: User; profile: Person };
