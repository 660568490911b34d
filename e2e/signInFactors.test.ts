import type { Tokens } from '@coach/api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { coach, pathOf, signIn, signInAsCoach } from './harness/coach.ts';
import { resetCodeIn } from './harness/product.ts';
import { totpCode } from './harness/totp.ts';
import { withVirtualAuthenticator } from './harness/virtualAuthenticator.ts';

// A stolen password is not enough, in Chromium against the running product with Chromium's
// virtual authenticator (the DevTools protocol's WebAuthn domain, user verification on): the coach
// adds a passkey and an authenticator app in Settings, signs out, signs in with the passkey alone,
// then with the password and a code computed from the app's secret; the password alone (over the
// API, as a thief would) reaches only the second step; a recovery code works once; a password
// reset by mailed code ends on the second step. Its own product, at localhost (WebAuthn takes no
// IP address for the relying party).
const e2e = setUpE2e({ atLocalhost: true });

const recoveryPattern = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;

/** The app's code of the next time step (the one just used at enrolment is refused again). */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
}

describe('second sign-in factors', () => {
  it('a passkey and an authenticator app enrolled; the passkey alone signs in, then password + code; the password alone reaches only the second step; a recovery code works once; a reset ends on the second step', async () => {
    const product = e2e.product();
    const context = await e2e.newContext();
    const page = await context.newPage();
    const authenticator = await withVirtualAuthenticator(context, page);

    // Settings: a passkey, named.
    await signInAsCoach(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    const methods = page.getByRole('region', { name: 'Sign-in methods' });
    await methods.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Work laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByText('Passkey added').first().waitFor();
    await methods.getByText('Work laptop').waitFor();

    // The authenticator app: its secret as text, the first code, ten recovery codes shown once.
    await methods.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    // Shown in groups of four for reading and typing.
    const shown = await dialog.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent();
    const secret = (shown ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    e2e.secrets.add('authenticator secret', secret);
    const first = totpCode(secret, Date.now());
    await dialog.getByLabel('Code from the app').fill(first);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const shownCodes = codesDialog.getByRole('list', { name: 'Save your recovery codes' });
    await shownCodes.getByRole('listitem').nth(9).waitFor();
    const codes = (await shownCodes.getByRole('listitem').allTextContents()).map((code) =>
      code.trim(),
    );
    expect(codes.every((code) => recoveryPattern.test(code))).toBe(true);
    expect(codes).toHaveLength(10);
    for (const code of codes) e2e.secrets.add('recovery code', code);
    await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
    await methods.getByText(/^On since /).waitFor();

    // The passkey alone signs in: the browser's autofill offer in the email field takes it at
    // once (Chromium's virtual authenticator answers without a person), or the button does.
    await logOut(page);
    const clients = page.getByRole('heading', { name: 'My clients', level: 1 });
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await Promise.race([clients.waitFor(), passkeyButton.click()]);
    await clients.waitFor();
    expect(pathOf(page)).toBe('/clients');

    // From here another browser, with no passkey (the laptop left at home): the password and a
    // code sign in.
    await authenticator.remove();
    await context.close();
    const other = await e2e.newPage();
    // The password reaches the second step; the app's code passes it.
    await signIn(other, coach);
    await other.getByRole('heading', { name: "Confirm it's you" }).waitFor();
    await other.getByLabel('Code from your authenticator app').fill(nextCode(secret));
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByRole('heading', { name: 'My clients', level: 1 }).waitFor();

    // A thief with the password alone, over the API: a second step, no tokens.
    const stolen = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(coach),
    });
    expect(stolen.status).toBe(202);
    const answer = (await stolen.json()) as Partial<Tokens> & { secondStep?: unknown };
    expect(answer.accessToken).toBeUndefined();
    expect(answer.secondStep).toBeDefined();

    // A recovery code works once.
    const [recovery] = codes;
    for (const expected of ['signed in', 'refused']) {
      await logOut(other);
      await signIn(other, coach);
      await other.getByRole('heading', { name: "Confirm it's you" }).waitFor();
      await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await other.getByLabel('Recovery code').fill(recovery ?? '');
      await other.getByRole('button', { name: 'Sign in', exact: true }).click();
      if (expected === 'signed in') {
        await other.getByRole('heading', { name: 'My clients', level: 1 }).waitFor();
      } else {
        await other.getByText('Wrong code').waitFor();
        expect(pathOf(other)).not.toBe('/clients');
      }
    }

    // A password reset by mailed code ends on the second step.
    const reset = await e2e.newPage();
    await reset.goto('/');
    await reset.getByRole('link', { name: 'Forgot password?' }).click();
    await reset.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();
    const mailsBefore = (await product.mail.received()).length;
    await reset.getByLabel('Email').fill(coach.email);
    await reset.getByRole('button', { name: 'Next' }).click();
    const mail = await product.mail.waitForMailTo(coach.email, mailsBefore, 30_000);
    await reset.getByLabel('Code', { exact: true }).fill(resetCodeIn(mail.text));
    await reset.getByRole('button', { name: 'Next' }).click();
    const newPassword = 'Sunrise2026!';
    e2e.secrets.add('new password', newPassword);
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await reset.getByRole('button', { name: 'Next' }).click();
    await reset.getByRole('heading', { name: "Confirm it's you" }).waitFor();
    expect(pathOf(reset)).not.toBe('/clients');
  }, 120_000);
});
