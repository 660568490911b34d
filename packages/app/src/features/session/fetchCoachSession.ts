import type { CoachApi } from '@coach/api';
import { type CoachSession, SessionLoadError, toSessionFailure } from './sessionFailure.ts';

/**
 * Loads the current user, then the user's first profile, which must be a coach's (spec point 4).
 * Rejects with a {@link SessionLoadError} saying why not.
 */
export async function fetchCoachSession(api: CoachApi): Promise<CoachSession> {
  let userId: string | undefined;
  try {
    const user = await api.auth.currentSession();
    userId = user.id;
    const profile = await api.account.findPersonByUserId(user.id);
    if (profile.type !== 'coach') throw new SessionLoadError({ kind: 'invalidUserType' });
    return { user, profile };
  } catch (error) {
    throw new SessionLoadError(toSessionFailure(error, userId), { cause: error });
  }
}
