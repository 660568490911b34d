import type { CoachApi, TokenStore, Tokens } from '@coach/api';
import { requireProvided, tokenStoreAtom, useCoachApi } from '../../../core/session/index.ts';
import { useAtomValue } from '../../../state/jotai.ts';
import type { InviteAcceptanceValues } from '../inviteAcceptanceSchema.ts';
import { type InviteProblem, inviteProblemOf } from '../inviteProblem.ts';

/** How an acceptance ended: the account exists, or why not. */
export type AcceptInviteResult = { ok: true } | { ok: false; problem: InviteProblem };

/**
 * Ends the session the acceptance started, at once: this app is for coaches, the invitee signs in
 * from the client app. Only the refresh token goes: the server ends its whole session, access
 * tokens included. The call carries the bearer of this app's token store, so it is made only
 * when no coach is signed in here, or it would end the coach's session too; otherwise the
 * invitee's tokens, never stored, are dropped and expire. A failure changes nothing for the
 * invitee.
 */
function endInviteeSession(api: CoachApi, store: TokenStore, session: Tokens) {
  if (store.getAccessToken() !== null) return;
  api.auth.logout({ refreshToken: session.refreshToken }).catch(() => undefined);
}

/**
 * Accepts the invite of `token` with the form's values (`POST /invites/accept`). The tokens it
 * answers are never stored: no coach session starts and the token store is not touched.
 */
export function useAcceptInvite(token: string) {
  const api = useCoachApi();
  const store = requireProvided(useAtomValue(tokenStoreAtom));
  return async (values: InviteAcceptanceValues): Promise<AcceptInviteResult> => {
    let session: Tokens;
    try {
      session = await api.auth.acceptInvite({
        token,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName,
        timezone: values.timezone,
      });
    } catch (error) {
      return { ok: false, problem: inviteProblemOf(error, 'accept') };
    }
    endInviteeSession(api, store, session);
    return { ok: true };
  };
}
