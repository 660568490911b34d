import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserPasskeysAtom, type WebAuthnJson } from '../../../core/passkeys/index.ts';
import {
  type SessionStartResult,
  startSessionAtom,
  useCoachApi,
} from '../../../core/session/index.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';
import { describeFactorFailure, factorFailureOf } from '../factorFailure.ts';

/**
 * Sign-in with a passkey alone (decision 73): 'Sign in with a passkey' asks the browser for any
 * passkey of this site (a discoverable credential names the account), and the browser's autofill
 * offers them in the email field (conditional mediation, armed while the screen shows). A passkey
 * the coach closed the dialog of says nothing; any other failure is the form's alert.
 */
export function usePasskeySignIn(onDone: (result: SessionStartResult) => void) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const passkeys = useAtomValue(browserPasskeysAtom);
  const startSession = useSetAtom(startSessionAtom);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async (ask: (optionsJSON: WebAuthnJson) => Promise<WebAuthnJson>) => {
    const { challengeId, options } = await api.auth.passkeySignInOptions();
    const credential = await ask(options);
    setIsSigningIn(true);
    try {
      const tokens = await api.auth.signInWithPasskey({ challengeId, credential });
      onDone(await startSession(tokens));
    } finally {
      setIsSigningIn(false);
    }
  };

  const showFailure = (failure: unknown) => {
    const kind = factorFailureOf(failure, 'passkey');
    if (kind.kind !== 'cancelled') setError(describeFactorFailure(kind, t));
  };

  // The autofill's ceremony waits for the coach's pick while the screen shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: armed once per screen
  useEffect(() => {
    let isActive = true;
    /** Whether the coach picked a passkey: only then is a failure theirs to read. */
    let isPicked = false;
    void (async () => {
      if (!passkeys.isSupported() || !(await passkeys.isAutofillSupported()) || !isActive) return;
      await signIn(async (optionsJSON) => {
        const credential = await passkeys.authenticate({ optionsJSON, useBrowserAutofill: true });
        isPicked = true;
        return credential;
      });
    })().catch((failure: unknown) => {
      // Arming the autofill (its challenge, the browser's wait) fails quietly: the form stays as
      // it is, the button and the password still work.
      if (isActive && isPicked) showFailure(failure);
    });
    return () => {
      isActive = false;
      passkeys.cancel();
    };
  }, [passkeys]);

  const handlePasskeySignIn = async () => {
    setError(null);
    setIsSigningIn(true);
    try {
      await signIn((optionsJSON) => passkeys.authenticate({ optionsJSON }));
    } catch (failure) {
      showFailure(failure);
    } finally {
      setIsSigningIn(false);
    }
  };

  return {
    isPasskeySupported: passkeys.isSupported(),
    isSigningInWithPasskey: isSigningIn,
    passkeyError: error,
    clearPasskeyError: () => setError(null),
    handlePasskeySignIn,
  };
}
