import { shownMessageText } from '@coach/domain';
import type { TFunction } from 'i18next';
import type { ClientFormats } from '../../core/clientFormats/index.ts';
import { type ClientRow, isFollowUpDue } from '../../core/clientList/index.ts';
import { describeAttentionReason } from './describeAttention.ts';

// The texts of a client's row that a two-line row cuts or leaves to its details: each cell shows
// what fits, and the whole of them is the row's details (the name cell's title, the tooltip on a
// focused row) and stays in the row's accessible name. One place for each, so the cell and the
// details say the same.

/** 'Local time: 9:30 AM', or 'Different timezone: Asia/Tokyo, 6:30 PM'. */
export function localTimeText(row: ClientRow, t: TFunction, formats: ClientFormats): string {
  const time = formats.clientTime(row);
  return row.differentTimezone
    ? t('clients.differentTimezone', { timezone: row.timezone, time })
    : t('clients.localTime', { time });
}

/** Why the figures need attention, in words, '' for none (the unread badge says the messages). */
export function reasonsText(row: ClientRow, t: TFunction, formats: ClientFormats): string {
  return row.attention.reasons
    .filter((reason) => reason.kind !== 'unreadMessages')
    .map((reason) => describeAttentionReason(reason, t, formats))
    .join(' · ');
}

/** 'Follow-up due 28 Nov: <reason as written>' (shown as messages are), or null when none is due. */
export function followUpText(row: ClientRow, t: TFunction, formats: ClientFormats): string | null {
  if (!isFollowUpDue(row) || !row.followUp) return null;
  return `${t('clients.followUpDue', { date: formats.localDate(row.followUp.dueDate) })}: ${shownMessageText(row.followUp.reason)}`;
}

/** The phase's day and start, and when the journey began: the phase cell's second line. */
export function phaseTexts(row: ClientRow, t: TFunction, formats: ClientFormats): string[] {
  const { journey } = row;
  return [
    t('clients.phaseDay', { day: journey.currentDay, date: formats.localDate(journey.startDate) }),
    t('clients.journeySince', { date: formats.localDate(journey.journeyStartDate) }),
  ];
}

/** The hours of the last 24 h and the app's last use: the engagement cell's second line. */
export function engagementTexts(row: ClientRow, t: TFunction, formats: ClientFormats): string[] {
  const { hoursLast24h, lastConnectedAt } = row.engagement;
  return [
    t('clients.hoursLast24h', { hours: formats.hours(hoursLast24h) }),
    lastConnectedAt === null
      ? t('clients.neverConnected')
      : t('clients.lastConnected', { when: formats.ago(lastConnectedAt) }),
  ];
}

/** A cell's texts on one line. */
export const oneLine = (texts: readonly string[]) => texts.join(' · ');

/**
 * The row's details, one line each: the name, the email, the local time, the reasons, the due
 * follow-up, the phase's and the engagement's lines.
 */
export function rowDetails(row: ClientRow, t: TFunction, formats: ClientFormats): string[] {
  return [
    row.fullName,
    row.email,
    localTimeText(row, t, formats),
    reasonsText(row, t, formats),
    followUpText(row, t, formats) ?? '',
    `${t(`clients.phases.${row.journey.step}`)}: ${oneLine(phaseTexts(row, t, formats))}`,
    `${t('clients.columns.engagement')}: ${t('clients.hours', { hours: formats.hours(row.engagement.hours) })} · ${oneLine(engagementTexts(row, t, formats))}`,
  ].filter((line) => line !== '');
}
