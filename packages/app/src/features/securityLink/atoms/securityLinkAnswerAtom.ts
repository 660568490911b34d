import type { SecurityLinkAnswer } from '@coach/api';
import { getCoachApi } from '../../../core/session/index.ts';
import { atom } from '../../../state/jotai.ts';

type SecurityLinkUse = { token: string; attempt: number; answer: Promise<SecurityLinkAnswer> };

const securityLinkUseAtom = atom<SecurityLinkUse | null>(null);
securityLinkUseAtom.debugLabel = 'securityLinkUseAtom';

/**
 * Uses a security link (`POST /security-link`) once per token and attempt, and answers that one
 * call's promise to whoever asks again: a link works once, and the page may mount twice (React's
 * strict mode, the routes of another session status) while its call is under way.
 */
export const securityLinkAnswerAtom = atom(
  null,
  (get, set, use: { token: string; attempt: number }): Promise<SecurityLinkAnswer> => {
    const current = get(securityLinkUseAtom);
    if (current?.token === use.token && current.attempt === use.attempt) return current.answer;
    // biome-ignore lint/correctness/useHookAtTopLevel: the API client's call, named by the contract, not a React hook
    const answer = getCoachApi(get).auth.useSecurityLink(use.token);
    set(securityLinkUseAtom, { ...use, answer });
    return answer;
  },
);
securityLinkAnswerAtom.debugLabel = 'securityLinkAnswerAtom';
