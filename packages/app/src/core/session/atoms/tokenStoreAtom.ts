import type { TokenStore } from '@coach/api';
import { atom, type Getter } from '../../../state/jotai.ts';
import { requireProvided } from '../requireProvided.ts';

/**
 * Where the tokens live (localStorage keys `accessToken` / `refreshToken` in the app), shared with
 * the API client, which reads them on every call. Set by `CoachApiProvider`.
 */
export const tokenStoreAtom = atom<TokenStore | null>(null);
tokenStoreAtom.debugLabel = 'tokenStoreAtom';

/** The token store; a missing provider is a programming error. */
export function getTokenStore(get: Getter): TokenStore {
  return requireProvided(get(tokenStoreAtom));
}
