import type { ClientSummaryList } from '@coach/api';
import {
  attentionOf,
  compareAttention,
  createAttentionFormats,
  describeAttentionReason,
  fullName,
  localDateOf,
  mailSafeName,
  translateAttentionInEnglish,
  zonedLocalToUtc,
} from '@coach/domain';
import { expect } from 'vitest';
import type { E2e } from './browser.ts';
import { coach, signInAsCoach } from './coach.ts';

// The steps of the morning attention mail's end-to-end tests, with one product
// process or several: the product's clock (its test-only COACH_TEST_NOW) stands at 07:00:30 in
// the demo coach's zone, so the mail goes at start.

export const coachZone = 'Europe/London';

/** The first 07:00:30 in the coach's zone at least an hour after the demo's data was made. */
export function nextSevenOClock(): Date {
  const earliest = Date.now() + 3_600_000;
  const day = localDateOf(new Date(earliest), coachZone);
  const at = zonedLocalToUtc(day, '07:00', coachZone).getTime() + 30_000;
  if (at >= earliest) return new Date(at);
  return new Date(
    zonedLocalToUtc(
      localDateOf(new Date(earliest + 86_400_000), coachZone),
      '07:00',
      coachZone,
    ).getTime() + 30_000,
  );
}

/** What the clients list shows at the product's clock: each flagged client's line, most urgent first. */
async function expectedLines(baseUrl: string): Promise<{ id: string; line: string }[]> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(coach),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const answer = await fetch(`${baseUrl}/api/analytics/clients`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const list = (await answer.json()) as ClientSummaryList;
  const now = new Date(list.generatedAt);
  const formats = createAttentionFormats('en-US', now, coachZone);
  return list.clients
    .map((client) => ({ client, attention: attentionOf(client, now) }))
    .filter(({ attention }) => attention.category !== 'ok')
    .sort((a, b) => compareAttention(a.attention, b.attention))
    .map(({ client, attention }) => ({
      id: client.clientId,
      line: `${mailSafeName(fullName(client)) ?? 'A client'}: ${attention.reasons
        .map((reason) => describeAttentionReason(reason, translateAttentionInEnglish, formats))
        .join('; ')}`,
    }));
}

/**
 * The mail reaches the SMTP sink once, with the clients the list flags at the product's clock,
 * the list's reasons in its order of urgency, an HTML part beside the text, and links that open
 * the profiles for the signed-in coach.
 */
export async function expectMorningMail(e2e: E2e) {
  const product = e2e.product();
  const mail = await product.mail.waitForMailTo(coach.email, 0, 60_000);
  const expected = await expectedLines(product.url);
  expect(expected.length).toBeGreaterThan(0);

  expect(mail.subject).toBe(
    expected.length === 1
      ? '1 client needs your attention'
      : `${expected.length} clients need your attention`,
  );
  // The text part: each client's line and link, in the list's order of urgency.
  const lines = mail.text.split(/\r?\n/);
  const listed = expected.map(({ id, line }) => {
    const at = lines.indexOf(line);
    expect(at, `'${line}' in the mail`).toBeGreaterThan(-1);
    // Each process links to its own address (the harness gives each its own APP_URL).
    const link = new URL(lines[at + 1] ?? '', product.url);
    expect(product.urls).toContain(link.origin);
    expect(link.pathname).toBe(`/clients/${id}`);
    return at;
  });
  expect(listed).toEqual([...listed].sort((a, b) => a - b));
  // And the HTML part beside it.
  expect(mail.raw).toMatch(/Content-Type: text\/html/);

  // One mail, however many ticks follow within the hour and however many processes tick: each
  // process ticks as it starts, and gets 2 s more to queue a second mail if the claim let it.
  await new Promise((resolve) => setTimeout(resolve, 2_000 * product.urls.length));
  const toCoach = (await product.mail.received()).filter((each) => each.to.includes(coach.email));
  expect(toCoach).toHaveLength(1);
  // Queued by one process: the others found the coach claimed.
  expect(product.output().match(/morning mail queued/g) ?? []).toHaveLength(1);

  // The first link opens that client's profile for the signed-in coach.
  const [first] = expected;
  const page = await e2e.newPage();
  await signInAsCoach(page);
  await page.goto(`/clients/${first?.id}`);
  const name = first?.line.split(':')[0] ?? '';
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}
