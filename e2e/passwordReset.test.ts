import { describe, expect, it } from 'vitest';
import { setUpE2e } from './harness/browser.ts';
import { coach, pathOf, signIn, signInAsCoach } from './harness/coach.ts';
import { resetCodeIn } from './harness/product.ts';

// The password reset flow of requirements R2.7 and R4.7, with the codes read from the product's
// mail (a real SMTP sink): a wrong code, a new code, the new password, signed in.
// Its own product: it changes the demo coach's password.
const e2e = setUpE2e();

const newPassword = 'Sunrise2026!';

describe('password reset', () => {
  it("changes the password with the mailed code and signs the coach in: 'Password successfully changed'", async () => {
    const { mail } = e2e.product();
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/changePassword');
    // The address changes first; the sign-in form (with its own 'Email') stays on screen until
    // the reset screen's code has come, which takes a while on a busy machine.
    await page.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();

    // Step 1: the email.
    await page.getByLabel('Email').fill(coach.email);
    await page.getByRole('button', { name: 'Next' }).click();
    const [first] = await mail.waitFor(1);
    expect(first?.to).toEqual([coach.email]);
    const firstCode = resetCodeIn(first?.text ?? '');

    // Step 2: a wrong code, then a new code, then the right one.
    const code = page.getByLabel('Code', { exact: true });
    await code.fill(firstCode === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Wrong code', { exact: true }).waitFor();

    await page.getByText('send me a new code').click();
    await page.getByText(/^resend code in [01]:\d\d$/).waitFor();
    expect(await page.getByText('send me a new code').count()).toBe(0);
    const [, second] = await mail.waitFor(2);
    const secondCode = resetCodeIn(second?.text ?? '');
    await code.fill(secondCode);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the new password twice, Next.
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('Password successfully changed').waitFor();
    await page.getByRole('heading', { name: 'My clients', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/clients');

    // The new password is the one that works now.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await signIn(page, coach);
    await page.getByText('Wrong email or password').waitFor();
    await signInAsCoach(page, { email: coach.email, password: newPassword });
    expect(pathOf(page)).toBe('/clients');

    // The owner is told, with a link for when it was not them (issue 64): the link ends every
    // session, this page's too, and leads to the reset's code step with a code mailed.
    const notice = await mail.waitForMail((sent) =>
      /^The password of your Coach account was changed$/.test(sent.subject),
    );
    expect(notice.text).toMatch(/From: Chrome on Linux\./);
    expect(notice.text).not.toContain(newPassword);
    const link = new URL(/https?:\/\/\S+\/secure\?token=\S+/.exec(notice.text)?.[0] ?? '');
    e2e.secrets.add('security link', link.searchParams.get('token') ?? '');
    const mailsBefore = (await mail.received()).length;
    const other = await e2e.newPage();
    await other.goto(`${link.pathname}${link.search}`);
    await other
      .getByText(`Every session of your account has ended. We have sent a code to ${coach.email}`, {
        exact: false,
      })
      .waitFor();
    const codeMail = await mail.waitForMail(
      (sent) => /password reset code/.test(sent.subject),
      mailsBefore,
    );
    await other.getByLabel('Code', { exact: true }).fill(resetCodeIn(codeMail.text));
    await other.getByRole('button', { name: 'Next' }).click();
    const newest = 'Moonrise2026!';
    e2e.secrets.add('newest password', newest);
    await other.getByLabel('New password', { exact: true }).fill(newest);
    await other.getByLabel('Confirm password', { exact: true }).fill(newest);
    await other.getByRole('button', { name: 'Next' }).click();
    await other.getByRole('heading', { name: 'My clients', level: 1 }).waitFor();
    // The first page's session ended with the link: its next load lands on sign-in.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  });
});
