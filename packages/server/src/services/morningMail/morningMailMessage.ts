import {
  type AttentionReason,
  type CoachLanguage,
  createAttentionFormats,
  createAttentionTranslate,
  describeAttentionReason,
  fullName,
  mailSafeName,
} from '@coach/domain';
import type { MailMessage } from '../../mail/mailer.ts';
import { wordingOf } from '../../texts/serverTexts.ts';

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
  /** The coach's language: the mail's words, dates and numbers. */
  language: CoachLanguage;
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
 * The morning attention mail of a coach (plain text and HTML) in their language: each client who
 * needs attention with the reasons in the words of the clients list (the domain's rule, worded by
 * the server's texts of the language, dates in the coach's timezone) and a link to their profile
 * (`<app>/clients/<id>`). Names are plain text on one line, and a name that looks like a link is
 * left out ('A client'), so the only links in the mail are the product's own (as in the invite
 * mail).
 */
export function writeMorningMail(
  appUrl: string,
  coach: MorningMailRecipient,
  clients: readonly AttentionEntry[],
  now: Date,
): MailMessage {
  const base = appUrl.replace(/\/+$/, '');
  const { language } = coach;
  const { texts, fill, plural } = wordingOf(language);
  const words = texts.morningMail;
  const translate = createAttentionTranslate(texts.attention, language);
  const formats = createAttentionFormats(language, now, coach.timezone);
  const day = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: coach.timezone,
  }).format(now);
  const entries = clients.map((client) => ({
    name: mailSafeName(fullName(client)) ?? words.someClient,
    reasons: client.reasons.map((reason) => describeAttentionReason(reason, translate, formats)),
    link: `${base}/clients/${encodeURIComponent(client.clientId)}`,
  }));
  const coachName = mailSafeName(coach.firstName);
  const greeting = coachName ? fill(words.greetingNamed, { name: coachName }) : words.greeting;
  const count = clients.length;
  const subject = plural(words.subject, count);
  const intro = plural(words.intro, count, { day });
  // The chosen hour on a 24-hour clock, as the locale writes it ('07:00').
  const hour = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, coach.morningMailHour));
  const footer = fill(words.footer, { hour, timezone: coach.timezone });
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
    `<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>`,
    escapeHtml(subject),
    '</title></head><body>',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>\n${items}\n</ul>`,
    `<p>${escapeHtml(footer)} <a href="${escapeHtml(settingsLink)}">${escapeHtml(words.settings)}</a></p>`,
    '</body></html>',
  ].join('\n');

  return { to: coach.email, subject, text, html };
}
