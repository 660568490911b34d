import type { BrowserPasskeys, WebAuthnJson } from '../client/browserPasskeys.ts';
import { fixturePasskeyCredentialId } from './signInFactorStore.ts';

// A stand-in for the browser's passkey ceremonies (@simplewebauthn/browser's startAuthentication
// and startRegistration) in stories and tests, where no real authenticator answers: it holds
// credential ids, answers a challenge with one of them and makes new ones. Its answers carry the
// challenge in their client data, as a browser's do, but no real signature: the mocks check the
// credential id and the challenge, the server verifies the signature (@simplewebauthn/server).

/** Options of {@link createMockAuthenticator}. */
export type MockAuthenticatorOptions = {
  /** The credential ids it holds at first: the demo coach's seeded passkey by default. */
  credentialIds?: string[];
  /** The coach cancels every ceremony (the browser's NotAllowedError). */
  isCancelled?: boolean;
  /** WebAuthn is missing (an old browser): the app offers no passkey. */
  isUnsupported?: boolean;
  /**
   * The browser's autofill in the email field: 'off' (not offered, the default), 'offered' (it
   * waits for the coach, who never picks), or 'chosen' (the coach picks the first passkey).
   */
  autofill?: 'off' | 'offered' | 'chosen';
};

/** The mock authenticator: the browser's side of a passkey ceremony, and what it holds. */
export type MockAuthenticator = BrowserPasskeys & {
  /** The credential ids it holds now. */
  readonly credentialIds: string[];
};

/** base64url of a text (the browser's JSON encoding of bytes). */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** Creates a {@link MockAuthenticator}. */
export function createMockAuthenticator(options: MockAuthenticatorOptions = {}): MockAuthenticator {
  const credentialIds = [...(options.credentialIds ?? [fixturePasskeyCredentialId])];
  let made = 0;
  let waiting: ((error: Error) => void) | undefined;
  const cancelled = () =>
    domError('NotAllowedError', 'The operation either timed out or was not allowed');
  const aborted = () => domError('AbortError', 'The ceremony was cancelled');
  const clientData = (type: string, challenge: unknown) =>
    toBase64Url(JSON.stringify({ type, challenge, origin: globalThis.location?.origin ?? '' }));

  const assertion = (credentialId: string, challenge: unknown): WebAuthnJson => ({
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: clientData('webauthn.get', challenge),
      authenticatorData: toBase64Url('mock-authenticator-data'),
      signature: toBase64Url('mock-signature'),
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  });

  return {
    credentialIds,
    isSupported: () => !options.isUnsupported,
    isAutofillSupported: async () =>
      !options.isUnsupported && (options.autofill ?? 'off') !== 'off',
    async authenticate({ optionsJSON, useBrowserAutofill, signal }) {
      if (signal?.aborted) throw aborted();
      if (useBrowserAutofill) {
        if (options.autofill !== 'chosen') {
          // Waits for the coach, who never picks here; a new ceremony or its signal ends it.
          return new Promise<WebAuthnJson>((_resolve, reject) => {
            waiting = reject;
            signal?.addEventListener('abort', () => {
              if (waiting === reject) waiting = undefined;
              reject(aborted());
            });
          });
        }
        const [first] = credentialIds;
        if (!first) throw cancelled();
        return assertion(first, optionsJSON.challenge);
      }
      waiting?.(domError('AbortError', 'Cancelling the autofill for a new ceremony'));
      waiting = undefined;
      if (options.isCancelled) throw cancelled();
      const allowed = Array.isArray(optionsJSON.allowCredentials)
        ? (optionsJSON.allowCredentials as { id?: unknown }[]).map((credential) => credential.id)
        : [];
      const credentialId =
        allowed.length === 0 ? credentialIds[0] : credentialIds.find((id) => allowed.includes(id));
      if (!credentialId) throw cancelled();
      return assertion(credentialId, optionsJSON.challenge);
    },
    async register({ optionsJSON }) {
      waiting?.(domError('AbortError', 'Cancelling the autofill for a new ceremony'));
      waiting = undefined;
      if (options.isCancelled) throw cancelled();
      made += 1;
      const credentialId = toBase64Url(`mock-credential-${made}-${credentialIds.length}`);
      credentialIds.push(credentialId);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: clientData('webauthn.create', optionsJSON.challenge),
          attestationObject: toBase64Url('mock-attestation'),
          transports: ['internal', 'hybrid'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}
