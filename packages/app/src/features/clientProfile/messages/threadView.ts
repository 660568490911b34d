import type { ThreadMessage as StoredMessage } from '@coach/api';
import { addDays, localDateOf, messagingLimits, shownMessageText } from '@coach/domain';
import type { ThreadMessage } from '@coach/ui';
import type { TFunction } from 'i18next';

/** An own message on its way (not yet stored), shown at the end of the thread. */
export type PendingMessage = { id: string; text: string; sentAt: string };

/** What the thread is shown with: the coach's zone and language, now, the client's name. */
export type ThreadViewOptions = {
  t: TFunction;
  locale: string;
  /** The coach's zone: days and times are on the coach's clock. */
  timeZone: string;
  now: Date;
  clientName: string;
};

/** Oldest first, by time then id (the server's order, reversed). */
export const byOldestFirst = (a: StoredMessage, b: StoredMessage) =>
  a.sentAt === b.sentAt ? a.id.localeCompare(b.id) : a.sentAt < b.sentAt ? -1 : 1;

/** Whether the coach may still delete their message (within 5 minutes of sending it). */
export const isDeletable = (message: StoredMessage, now: Date) =>
  message.author === 'coach' &&
  message.deletedAt === null &&
  now.getTime() - Date.parse(message.sentAt) < messagingLimits.deleteWindowSeconds * 1000;

/**
 * The thread's messages as the ui shows them: each text through the text-shown rule, days and
 * times in the coach's zone ('Today', 'Yesterday', then 'Monday, November 16'), the author, and
 * the read state of the coach's own; the pending ones last, 'Sending…'.
 */
export function toThreadMessages(
  stored: readonly StoredMessage[],
  pending: readonly PendingMessage[],
  { t, locale, timeZone, now, clientName }: ThreadViewOptions,
): ThreadMessage[] {
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  const date = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
  const today = localDateOf(now, timeZone);
  const yesterday = addDays(today, -1);
  const dayOf = (instant: Date) => {
    const day = localDateOf(instant, timeZone);
    const dayLabel =
      day === today
        ? t('messages.today')
        : day === yesterday
          ? t('messages.yesterday')
          : date.format(instant);
    return { day, dayLabel };
  };
  const shown = stored.map((message): ThreadMessage => {
    const sentAt = new Date(message.sentAt);
    const isOwn = message.author === 'coach';
    const status = isOwn ? (message.readAt === null ? 'sent' : 'read') : undefined;
    return {
      id: message.id,
      text: shownMessageText(message.text),
      isOwn,
      authorLabel: isOwn ? t('messages.you') : clientName,
      timeLabel: time.format(sentAt),
      ...dayOf(sentAt),
      ...(status && message.deletedAt === null
        ? { status, statusLabel: t(`messages.status.${status}`) }
        : {}),
      isDeleted: message.deletedAt !== null,
    };
  });
  const sending = pending.map((message): ThreadMessage => {
    const sentAt = new Date(message.sentAt);
    return {
      id: message.id,
      text: shownMessageText(message.text),
      isOwn: true,
      authorLabel: t('messages.you'),
      timeLabel: time.format(sentAt),
      ...dayOf(sentAt),
      status: 'sending',
      statusLabel: t('messages.status.sending'),
    };
  });
  return [...shown, ...sending];
}
