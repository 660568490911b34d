import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { useCoachApi } from '../../passwordReset/hooks/useCoachApi.ts';
import { currentProfileAtom } from '../../session/atoms/currentProfileAtom.ts';

/** Where the profile load is. */
export type ProfileLoadStatus = 'loading' | 'loaded' | 'failed';

/**
 * Loads the signed-in coach's profile afresh (`GET /persons/{id}`) for Settings, into the
 * session's profile atom, so the form starts from what the server holds (another tab may have
 * changed it). `retry` loads again after a failure.
 */
export function useSettingsProfile() {
  const api = useCoachApi();
  const profileId = useAtomValue(currentProfileAtom)?.id;
  const setProfile = useSetAtom(currentProfileAtom);
  const [status, setStatus] = useState<ProfileLoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the load on retry
  useEffect(() => {
    if (!profileId) return;
    let isCurrent = true;
    setStatus('loading');
    api.account.getPerson(profileId).then(
      (person) => {
        if (!isCurrent) return;
        setProfile(person);
        setStatus('loaded');
      },
      () => {
        if (isCurrent) setStatus('failed');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, profileId, setProfile, attempt]);

  const retry = useCallback(() => setAttempt((previous) => previous + 1), []);
  return { status, retry };
}
