import {
  type CoachApi,
  createCoachApi,
  createLocalStorageTokenStore,
  type TokenStore,
} from '@coach/api';
import { type ReactNode, useState } from 'react';
import { serviceBaseUrls } from '../../../config/serviceBaseUrls.ts';
import { useHydrateAtoms, useStore } from '../../../state/jotai.ts';
import { clearSessionAtom } from '../atoms/clearSessionAtom.ts';
import { coachApiAtom } from '../atoms/coachApiAtom.ts';
import { requireEnrolmentAtom } from '../atoms/requireEnrolmentAtom.ts';
import { tokenStoreAtom } from '../atoms/tokenStoreAtom.ts';

export type CoachApiProviderProps = {
  /** An API client to use (tests); by default one is created once, over `tokens`. */
  api?: CoachApi;
  /** The token store; localStorage (`accessToken` / `refreshToken`) by default. */
  tokens?: TokenStore;
  children: ReactNode;
};

/**
 * Creates the app's one API client (base addresses from configuration) and hands it and the
 * token store to the session atoms. A session the client cannot renew clears the session; one
 * that may only enrol a second factor (any call's 403 `second_factor_enrolment_required`) shows
 * the enrolment screen.
 */
export function CoachApiProvider({ api, tokens, children }: CoachApiProviderProps) {
  const store = useStore();
  const [services] = useState(() => {
    const tokenStore = tokens ?? createLocalStorageTokenStore();
    const client =
      api ??
      createCoachApi({
        baseURLs: serviceBaseUrls,
        tokens: tokenStore,
        onSessionReset: () => store.set(clearSessionAtom),
        onSecondFactorEnrolmentRequired: () => store.set(requireEnrolmentAtom),
      });
    return { api: client, tokens: tokenStore };
  });
  useHydrateAtoms([
    [coachApiAtom, services.api],
    [tokenStoreAtom, services.tokens],
  ] as const);
  return children;
}
