import { type CoachApi, isFullPerson } from '@coach/api';
import { type CoachSession, SessionLoadError, toSessionFailure } from './sessionFailure.ts';

/**
 * Loads the current user, then the user's first profile, which must be a coach's (requirements R4.2).
 * Rejects with a {@link SessionLoadError} saying why not.
 */
export async function fetchCoachSession(api: CoachApi): Promise<CoachSession> {
  let userId: string | undefined;
  try {
    const user = await api.auth.currentSession();
    userId = user.id;
    const profile = await api.account.findPersonByUserId(user.id);
    // A coach's own profile is complete; only a client's view of their coach is not.
    if (profile.type !== 'coach' || !isFullPerson(profile))
      throw new SessionLoadError({ kind: 'invalidUserType' });
    return { user, profile };
  } catch (error) {
    throw new SessionLoadError(toSessionFailure(error, userId), { cause: error });
  }
}
