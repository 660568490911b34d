// The app core's passkeys: the browser's WebAuthn ceremonies, which sign-in and Settings use.
export { browserPasskeysAtom } from './atoms/browserPasskeysAtom.ts';
export { isCancelledCeremony } from './browserPasskeys.ts';
export { BrowserPasskeysProvider } from './components/BrowserPasskeysProvider.tsx';
