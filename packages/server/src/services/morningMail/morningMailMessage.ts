import {
  type AttentionReason,
  type CoachLanguage,
  createAttentionFormats,
  createAttentionTranslate,
  describeAttentionReason,
  fullName,
  localDateOf,
  mailSafeName,
  shownMessageText,
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

/** A client whose follow-up is due: who, the day it was set for, and why. */
export type FollowUpEntry = {
  clientId: string;
  firstName: string;
  lastName: string;
  dueDate: string;
  reason: string;
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
 * (`<app>/clients/<id>`), then the coach's due follow-ups with their reasons (those due before
 * today say since when); first, a link to the attention queue (`<app>/queue`, which opens its
 * first client) with the number of clients in the mail. Names are plain text on one line, and a name that looks like a link is
 * left out ('A client'), so the only links in the mail are the product's own (as in the invite
 * mail); a follow-up's reason is the coach's own text, shown as text.
 */
export function writeMorningMail(
  appUrl: string,
  coach: MorningMailRecipient,
  clients: readonly AttentionEntry[],
  now: Date,
  followUps: readonly FollowUpEntry[] = [],
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
  const linkOf = (clientId: string) => `${base}/clients/${encodeURIComponent(clientId)}`;
  const nameOf = (client: { firstName: string; lastName: string }) =>
    mailSafeName(fullName(client)) ?? words.someClient;
  const entries = clients.map((client) => ({
    name: nameOf(client),
    reasons: client.reasons.map((reason) => describeAttentionReason(reason, translate, formats)),
    link: linkOf(client.clientId),
  }));
  const today = localDateOf(now, coach.timezone);
  const dateOf = new Intl.DateTimeFormat(language, {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const dueEntries = followUps.map((followUp) => {
    // The coach's own words as the app shows them (nothing reorders the line), on one line.
    const reason = shownMessageText(followUp.reason).replaceAll('\n', ' ');
    return {
      name: nameOf(followUp),
      reasons: [
        followUp.dueDate < today
          ? `${reason} (${fill(words.followUpSince, { date: dateOf.format(new Date(`${followUp.dueDate}T00:00:00Z`)) })})`
          : reason,
      ],
      link: linkOf(followUp.clientId),
    };
  });
  // The queue holds each client once, whether they need attention, have a follow-up due or both.
  const queued = new Set([...clients, ...followUps].map((client) => client.clientId)).size;
  const queueLine = plural(words.queue, queued);
  const queueLink = `${base}/queue`;
  const coachName = mailSafeName(coach.firstName);
  const greeting = coachName ? fill(words.greetingNamed, { name: coachName }) : words.greeting;
  const count = clients.length;
  const subject =
    count > 0 ? plural(words.subject, count) : plural(words.followUpsSubject, followUps.length);
  const sections = [
    ...(count > 0 ? [{ heading: plural(words.intro, count, { day }), entries }] : []),
    ...(followUps.length > 0
      ? [
          {
            heading: plural(words.followUpsHeading, followUps.length, { day }),
            entries: dueEntries,
          },
        ]
      : []),
  ];
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
    queueLine,
    queueLink,
    '',
    ...sections.flatMap((section) => [
      section.heading,
      '',
      ...section.entries.flatMap((entry) => [
        `${entry.name}: ${entry.reasons.join('; ')}`,
        entry.link,
        '',
      ]),
    ]),
    footer,
    settingsLink,
  ].join('\n');

  const itemsOf = (sectionEntries: typeof entries) =>
    sectionEntries
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
    `<p>${escapeHtml(queueLine)} <a href="${escapeHtml(queueLink)}">${escapeHtml(words.queueLink)}</a></p>`,
    ...sections.flatMap((section) => [
      `<p>${escapeHtml(section.heading)}</p>`,
      `<ul>\n${itemsOf(section.entries)}\n</ul>`,
    ]),
    `<p>${escapeHtml(footer)} <a href="${escapeHtml(settingsLink)}">${escapeHtml(words.settings)}</a></p>`,
    '</body></html>',
  ].join('\n');

  return { to: coach.email, subject, text, html };
}
