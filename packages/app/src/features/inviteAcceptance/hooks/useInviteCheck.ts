import type { InviteCheck } from '@coach/api';
import { useEffect, useState } from 'react';
import { useCoachApi } from '../../../core/session/index.ts';
import { type InviteProblem, inviteProblemOf } from '../inviteProblem.ts';

/** Where the check of an invite link stands. */
export type InviteCheckState =
  | { status: 'checking' }
  | { status: 'valid'; invite: InviteCheck }
  | { status: 'problem'; problem: InviteProblem };

/**
 * Checks the invite token (`POST /invites/check`, which does not use it up) and answers the state
 * of that check, with `retry` to check again after a failure. A new token checks afresh; an
 * answer for an older token or attempt is dropped.
 */
export function useInviteCheck(token: string) {
  const api = useCoachApi();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<InviteCheckState>({ status: 'checking' });

  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'checking' });
    // `attempt` is read so that a retry runs this effect again.
    void attempt;
    api.auth.checkInvite({ token }).then(
      (invite) => {
        if (isCurrent) setState({ status: 'valid', invite });
      },
      (error: unknown) => {
        if (isCurrent) setState({ status: 'problem', problem: inviteProblemOf(error, 'check') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, token, attempt]);

  return { state, retry: () => setAttempt((previous) => previous + 1) };
}
