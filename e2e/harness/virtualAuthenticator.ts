import type { BrowserContext, Page } from 'playwright-core';

// Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a platform
// authenticator with resident keys whose user is verified, answering the ceremonies of the page's
// context as a laptop's fingerprint reader would.

/** A virtual authenticator of the page. */
export type VirtualAuthenticator = {
  /**
   * Whether the coach is at the laptop: while away, a ceremony the page begins waits for them
   * ('Sign in with a passkey' keeps spinning).
   */
  setPresent: (isPresent: boolean) => Promise<void>;
  /** Takes it away (a laptop left at home). */
  remove: () => Promise<void>;
};

/** Adds a virtual platform authenticator to the page (its user present until told otherwise). */
export async function withVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    setPresent: async (isPresent) => {
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
        authenticatorId,
        enabled: isPresent,
      });
    },
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}
