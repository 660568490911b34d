import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { coach, signIn } from './harness/coach.ts';
import { withVirtualAuthenticator } from './harness/virtualAuthenticator.ts';

// REQUIRE_MFA=1 in Chromium against the running product: the demo coach, who has no second
// factor, signs in with the password and meets the enrolment screen before any other, at any
// address; a passkey made there (Chromium's virtual authenticator) opens the app. Its own product,
// at localhost (WebAuthn takes no IP address for the relying party).
const e2e = setUpE2e({ atLocalhost: true, env: { REQUIRE_MFA: '1' } });

describe('REQUIRE_MFA=1', () => {
  it('a coach without a second factor enrols one before any other screen', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await withVirtualAuthenticator(context, page);
    await signIn(page, coach);
    const enrol = page.getByRole('heading', { name: 'Set up a second sign-in method', level: 1 });
    await enrol.waitFor();
    await page.goto('/clients');
    await enrol.waitFor();
    expect(await page.getByRole('heading', { name: 'My clients', level: 1 }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Work laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByRole('heading', { name: 'My clients', level: 1 }).waitFor();
  }, 120_000);
});
