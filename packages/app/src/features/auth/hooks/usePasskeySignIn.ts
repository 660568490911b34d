import type { WebAuthnJson } from '@coach/api';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserPasskeysAtom } from '../../../core/passkeys/index.ts';
import {
  describeFactorFailure,
  factorFailureOf,
  type SessionStartResult,
  startSessionAtom,
  useCoachApi,
} from '../../../core/session/index.ts';
import { useAtomValue, useSetAtom } from '../../../state/jotai.ts';

/**
 * Sign-in with a passkey alone (decision 73): 'Sign in with a passkey' asks the browser for any
 * passkey of this site (a discoverable credential names the account), and the browser's autofill
 * offers them in the email field (conditional mediation, armed while the screen shows). A passkey
 * the coach closed the dialog of says nothing; any other failure is the form's alert.
 *
 * The browser runs one ceremony at a time and a new one aborts the one before, so the two are
 * kept in order: once the button is pressed the autofill never asks the browser (its challenge
 * may still be on its way), and the button's ceremony starts only after the autofill's wait has
 * ended; the autofill is not armed again on that screen.
 */
export function usePasskeySignIn(onDone: (result: SessionStartResult) => void) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const passkeys = useAtomValue(browserPasskeysAtom);
  const startSession = useSetAtom(startSessionAtom);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The screen's autofill: ended by the button or when the screen goes. */
  const autofillRef = useRef<Autofill | null>(null);

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
    const controller = new AbortController();
    const { signal } = controller;
    let ceremony: Promise<unknown> = Promise.resolve();
    autofillRef.current = { controller, ended: () => ceremony.then(noop, noop) };
    /** Whether the coach picked a passkey: only then is a failure theirs to read. */
    let isPicked = false;
    void (async () => {
      if (!passkeys.isSupported() || !(await passkeys.isAutofillSupported())) return;
      await signIn(async (optionsJSON) => {
        // The button was pressed (or the screen went) while the challenge was on its way.
        signal.throwIfAborted();
        const answer = passkeys.authenticate({ optionsJSON, useBrowserAutofill: true, signal });
        ceremony = answer;
        const credential = await answer;
        isPicked = true;
        return credential;
      });
    })().catch((failure: unknown) => {
      // Arming the autofill (its challenge, the browser's wait) fails quietly: the form stays as
      // it is, the button and the password still work.
      if (isPicked && autofillRef.current?.controller === controller) showFailure(failure);
    });
    return () => {
      if (autofillRef.current?.controller === controller) autofillRef.current = null;
      controller.abort();
    };
  }, [passkeys]);

  const handlePasskeySignIn = async () => {
    setError(null);
    setIsSigningIn(true);
    try {
      await endAutofill(autofillRef.current);
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

/** The autofill's ceremony of a sign-in screen. */
type Autofill = {
  /** Aborting it ends the autofill's wait, or keeps it from asking the browser at all. */
  controller: AbortController;
  /** Settles once the autofill's ceremony, if it began one, has ended. */
  ended: () => Promise<void>;
};

const noop = () => undefined;

/** How long the button waits for the autofill's wait to end before it asks the browser anyway. */
const autofillEndLimitMs = 2_000;

/** Ends the autofill for good and waits until the browser no longer runs its ceremony. */
async function endAutofill(autofill: Autofill | null) {
  if (!autofill) return;
  autofill.controller.abort();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    autofill.ended(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, autofillEndLimitMs);
    }),
  ]);
  clearTimeout(timer);
}
