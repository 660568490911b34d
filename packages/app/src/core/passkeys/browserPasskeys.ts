// The browser's passkey ceremonies (WebAuthn through @simplewebauthn/browser), behind one small
// type: the app asks for a credential with the server's options and sends the answer back; stories
// and tests put a stand-in in its place (the mocks' authenticator), as no real one answers there.

/** The JSON of WebAuthn options or of a credential, as the server and the library pass it. */
export type WebAuthnJson = Record<string, unknown>;

/** The browser's side of a passkey ceremony. */
export type BrowserPasskeys = {
  /** Whether the browser has WebAuthn at all. */
  isSupported(): boolean;
  /** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
  isAutofillSupported(): Promise<boolean>;
  /**
   * Asks for a passkey answering the options' challenge; with `useBrowserAutofill` it waits for
   * the coach to pick one in the autofill of a field marked `autocomplete="username webauthn"`.
   */
  authenticate(options: {
    optionsJSON: WebAuthnJson;
    useBrowserAutofill?: boolean;
  }): Promise<WebAuthnJson>;
  /** Makes a new passkey for the registration options. */
  register(options: { optionsJSON: WebAuthnJson }): Promise<WebAuthnJson>;
  /** Ends a ceremony that waits (the autofill's, when its screen goes). */
  cancel(): void;
};

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
    async authenticate({ optionsJSON, useBrowserAutofill }) {
      const library = await loadLibrary();
      const answer = await library.startAuthentication({
        // The server's options, checked by the contract's schema and its WebAuthn library.
        optionsJSON: optionsJSON as unknown as Parameters<
          typeof library.startAuthentication
        >[0]['optionsJSON'],
        useBrowserAutofill,
      });
      return answer as unknown as WebAuthnJson;
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
    cancel() {
      void loadLibrary().then((library) => library.WebAuthnAbortService.cancelCeremony());
    },
  };
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
