import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { passwordResetStartState, paths } from '../../../core/navigation/index.ts';
import { forgetSessionAtom } from '../../../core/session/index.ts';
import { useSetAtom } from '../../../state/jotai.ts';
import { securityLinkAnswerAtom } from '../atoms/securityLinkAnswerAtom.ts';
import { type SecurityLinkProblem, securityLinkProblemOf } from '../securityLinkProblem.ts';

/**
 * Uses a security link: once the server has ended every session of the account, this tab forgets
 * its own (signed in or not) and goes on to '/changePassword' at the code step of the reset the
 * link started. Answers the problem when it did not work (null while it runs), and `retry`.
 */
export function useSecurityLink(token: string) {
  const answerOf = useSetAtom(securityLinkAnswerAtom);
  const forgetSession = useSetAtom(forgetSessionAtom);
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<SecurityLinkProblem | null>(null);

  useEffect(() => {
    let isCurrent = true;
    setProblem(null);
    answerOf({ token, attempt }).then(
      ({ email, resetRequestId }) => {
        if (!isCurrent) return;
        // One render for both: the routes of the signed-out app, at the reset's code step.
        forgetSession();
        navigate(paths.changePassword, {
          replace: true,
          state: passwordResetStartState({ email, resetRequestId }),
        });
      },
      (error: unknown) => {
        if (isCurrent) setProblem(securityLinkProblemOf(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [answerOf, forgetSession, navigate, token, attempt]);

  return { problem, retry: () => setAttempt((previous) => previous + 1) };
}
