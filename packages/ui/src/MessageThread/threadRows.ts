import type { ThreadMessage, ThreadRow } from './types.ts';

/** The messages in order, each day's first one after a separator row with the day's label. */
export function threadRows(messages: readonly ThreadMessage[]): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let day: string | undefined;
  messages.forEach((message, index) => {
    if (message.day !== day) {
      day = message.day;
      rows.push({ kind: 'day', key: `day:${message.day}`, label: message.dayLabel });
    }
    rows.push({ kind: 'message', key: `message:${message.id}`, message, position: index + 1 });
  });
  return rows;
}
