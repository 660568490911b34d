// The browser's side of a passkey ceremony, as one small type: the app's real one (over
// @simplewebauthn/browser) and the mocks' authenticator in stories and tests both fit it.

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
   * `signal` ends this ceremony and no other (an AbortError): aborted before the browser was
   * asked, it never asks; once the browser waits, the wait ends at once.
   */
  authenticate(options: {
    optionsJSON: WebAuthnJson;
    useBrowserAutofill?: boolean;
    signal?: AbortSignal;
  }): Promise<WebAuthnJson>;
  /** Makes a new passkey for the registration options. */
  register(options: { optionsJSON: WebAuthnJson }): Promise<WebAuthnJson>;
};
