import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { pathOf, signIn, signInAsCoach } from './harness/coach.ts';

// An invite from the coach's click to a client account that works: the mail reaches a
// real SMTP sink, its link opens the public invite page, the invitee creates the account, which
// signs in to the API and is refused by this coach-only app.
// Its own product: it adds a client, and reads the first mail of its sink.
const e2e = setUpE2e();

const invitee = {
  email: 'nora.lind@example.com',
  firstName: 'Nora',
  lastName: 'Lind',
  password: 'Morning2026!',
};

/** The `/invite?token=...` link of an invite mail. */
function inviteLinkIn(text: string): URL {
  const link = /https?:\/\/\S+\/invite\?token=[^\s>]+/.exec(text)?.[0];
  if (!link) throw new Error(`No invite link in the mail:\n${text}`);
  return new URL(link);
}

describe('invites', () => {
  it('invites a new address and the invitee creates an account that works on the API and is refused here', async () => {
    const product = e2e.product();
    const coachPage = await e2e.newPage();
    await signInAsCoach(coachPage);

    // The coach invites the address, typed with stray spaces.
    await coachPage.getByRole('button', { name: 'Invite client', exact: true }).first().click();
    const dialog = coachPage.getByRole('dialog', { name: 'Invite client' });
    await dialog.getByLabel('Email').fill(`  ${invitee.email} `);
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await coachPage
      .getByText(`Client ${invitee.email} successfully invited to join platform`)
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const pending = coachPage.getByRole('region', { name: 'Pending invites' });
    await pending.getByText(invitee.email).waitFor();

    // The mail went through SMTP, with a link to this app's invite page.
    const [mail] = await product.mail.waitFor(1);
    expect(mail?.to).toEqual([invitee.email]);
    const link = inviteLinkIn(mail?.text ?? '');
    expect(link.origin).toBe(product.url);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);

    // The invitee opens it in a browser of their own, in Paris.
    const page = await e2e.newPage({ timezoneId: 'Europe/Paris' });
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Join Coach' }).waitFor();
    await page.getByText(/^Olivia Bennett invited you to Coach/).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(invitee.email);
    expect(await page.getByRole('combobox', { name: 'Timezone' }).inputValue()).toBe(
      'Europe/Paris',
    );
    await page.getByLabel('First name').fill(invitee.firstName);
    await page.getByLabel('Last name').fill(invitee.lastName);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    await page
      .getByText(/client app/)
      .first()
      .waitFor();
    // This app keeps no session of a client.
    expect(
      await page.evaluate(() => [
        localStorage.getItem('accessToken'),
        localStorage.getItem('refreshToken'),
      ]),
    ).toEqual([null, null]);

    // The account signs in to the API...
    const login = await page.request.post('/api/auth/login', {
      data: { email: invitee.email, password: invitee.password },
    });
    expect(login.status()).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const current = await page.request.get('/api/auth/session/current', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(current.status()).toBe(200);

    // ...and this coach-only app refuses it.
    await signIn(page, invitee);
    await page.getByText('Invalid user type. Only coaches allowed').waitFor();
    expect(pathOf(page)).toBe('/');

    // The link is used up now.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('This invite has already been used').waitFor();

    // The new client is the coach's: on the list, no longer pending.
    await coachPage.reload();
    await coachPage.getByRole('searchbox', { name: 'Search' }).fill(invitee.lastName);
    await coachPage
      .getByRole('table', { name: 'Clients' })
      .getByText(`${invitee.firstName} ${invitee.lastName}`)
      .waitFor();
    await coachPage.getByRole('region', { name: 'Pending invites' }).waitFor();
    expect(await pending.getByText(invitee.email).count()).toBe(0);

    // The token never reached the server's log.
    expect(product.output()).not.toContain(token);
  });
});
