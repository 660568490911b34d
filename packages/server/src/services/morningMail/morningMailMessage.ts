import {
  type AttentionReason,
  createAttentionFormats,
  describeAttentionReason,
  fullName,
  mailSafeName,
  translateAttentionInEnglish,
} from '@coach/domain';
import type { MailMessage } from '../../mail/mailer.ts';

/** A client of the mail: who, and why they need attention (most urgent first). */
export type AttentionEntry = {
  clientId: string;
  firstName: string;
  lastName: string;
  reasons: AttentionReason[];
};

/** The coach the mail goes to, and when it is for. */
export type MorningMailRecipient = {
  email: string;
  firstName: string;
  lastName: string;
  timezone: string;
  morningMailHour: number;
};

/** Text for HTML: the five characters that could open markup or an attribute, escaped. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The morning attention mail of a coach (plain text and HTML): each client who needs attention
 * with the reasons in the words of the clients list (the domain's rule, English texts, dates in
 * the coach's timezone) and a link to their profile (`<app>/clients/<id>`). Names are plain text
 * on one line, and a name that looks like a link is left out ('A client'), so the only links in
 * the mail are the product's own (as in the invite mail).
 */
export function writeMorningMail(
  appUrl: string,
  coach: MorningMailRecipient,
  clients: readonly AttentionEntry[],
  now: Date,
): MailMessage {
  const base = appUrl.replace(/\/+$/, '');
  const formats = createAttentionFormats('en-US', now, coach.timezone);
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: coach.timezone,
  }).format(now);
  const entries = clients.map((client) => ({
    name: mailSafeName(fullName(client)) ?? 'A client',
    reasons: client.reasons.map((reason) =>
      describeAttentionReason(reason, translateAttentionInEnglish, formats),
    ),
    link: `${base}/clients/${encodeURIComponent(client.clientId)}`,
  }));
  const coachName = mailSafeName(coach.firstName);
  const greeting = coachName ? `Good morning ${coachName},` : 'Good morning,';
  const count = clients.length;
  const subject =
    count === 1 ? '1 client needs your attention' : `${count} clients need your attention`;
  const intro =
    count === 1
      ? `This client needs your attention on ${day}:`
      : `These ${count} clients need your attention on ${day}:`;
  const hour = `${String(coach.morningMailHour).padStart(2, '0')}:00`;
  const footer =
    `You get this mail at ${hour} (${coach.timezone}) on days when a client needs attention. ` +
    'To change the hour or turn it off, open Settings:';
  const settingsLink = `${base}/settings`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...entries.flatMap((entry) => [`${entry.name}: ${entry.reasons.join('; ')}`, entry.link, '']),
    footer,
    settingsLink,
  ].join('\n');

  const items = entries
    .map(
      (entry) =>
        `<li><a href="${escapeHtml(entry.link)}">${escapeHtml(entry.name)}</a>: ` +
        `${entry.reasons.map(escapeHtml).join('; ')}</li>`,
    )
    .join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(subject),
    '</title></head><body>',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>\n${items}\n</ul>`,
    `<p>${escapeHtml(footer)} <a href="${escapeHtml(settingsLink)}">Settings</a></p>`,
    '</body></html>',
  ].join('\n');

  return { to: coach.email, subject, text, html };
}
