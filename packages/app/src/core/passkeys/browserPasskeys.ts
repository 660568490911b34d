// The browser's passkey ceremonies (WebAuthn through @simplewebauthn/browser), behind one small
// type: the app asks for a credential with the server's options and sends the answer back; stories
// and tests put a stand-in in its place (the mocks' authenticator), as no real one answers there.
import type { BrowserPasskeys, WebAuthnJson } from '@coach/api';

// The library loads with the first ceremony, not with the sign-in screen's first paint.
const loadLibrary = () => import('@simplewebauthn/browser');

/** The real ceremonies, over @simplewebauthn/browser. */
export function createBrowserPasskeys(): BrowserPasskeys {
  // WebAuthn's presence is a synchronous check the library makes the same way.
  const isSupported = () =>
    typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
  return {
    isSupported,
    async isAutofillSupported() {
      if (!isSupported()) return false;
      const library = await loadLibrary();
      return library.browserSupportsWebAuthnAutofill();
    },
    async authenticate({ optionsJSON, useBrowserAutofill, signal }) {
      const library = await loadLibrary();
      signal?.throwIfAborted();
      const answer = library.startAuthentication({
        // The server's options, checked by the contract's schema and its WebAuthn library.
        optionsJSON: optionsJSON as unknown as Parameters<
          typeof library.startAuthentication
        >[0]['optionsJSON'],
        useBrowserAutofill,
      });
      if (signal) endOnAbort(library, answer, signal, useBrowserAutofill === true);
      return (await answer) as unknown as WebAuthnJson;
    },
    async register({ optionsJSON }) {
      const library = await loadLibrary();
      const answer = await library.startRegistration({
        optionsJSON: optionsJSON as unknown as Parameters<
          typeof library.startRegistration
        >[0]['optionsJSON'],
      });
      return answer as unknown as WebAuthnJson;
    },
  };
}

/**
 * Ends the library's ceremony when its signal aborts, while it is still the one the browser runs
 * (a newer ceremony has aborted it otherwise, and is not this signal's to end). The library asks
 * the browser for an autofill's wait only after a check of its own: the same check, asked after
 * it, answers after it, and an abort that came in between ends the wait then.
 */
function endOnAbort(
  library: Awaited<ReturnType<typeof loadLibrary>>,
  answer: Promise<unknown>,
  signal: AbortSignal,
  isAutofill: boolean,
) {
  let isWaiting = !isAutofill;
  let isSettled = false;
  const end = () => {
    if (isWaiting && !isSettled) library.WebAuthnAbortService.cancelCeremony();
  };
  signal.addEventListener('abort', end, { once: true });
  void answer
    .catch(() => undefined)
    .then(() => {
      isSettled = true;
      signal.removeEventListener('abort', end);
    });
  if (isAutofill) {
    void library.browserSupportsWebAuthnAutofill().then(() => {
      isWaiting = true;
      if (signal.aborted) end();
    });
  }
}

/**
 * Whether a ceremony ended because the coach closed the browser's dialog, let it time out, or a
 * newer ceremony took over: nothing went wrong that words could help with.
 */
export function isCancelledCeremony(error: unknown): boolean {
  const name = (error as { name?: unknown; code?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}
