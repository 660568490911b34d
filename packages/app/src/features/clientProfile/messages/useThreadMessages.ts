import type { MessageList, ThreadMessage as StoredMessage } from '@coach/api';
import { useMemo } from 'react';
import { byOldestFirst } from './threadView.ts';

/** Two copies of a message: what either knows of its read and deleted marks. */
function merged(read: StoredMessage, local: StoredMessage): StoredMessage {
  const deletedAt = read.deletedAt ?? local.deletedAt;
  return {
    ...read,
    readAt: read.readAt ?? local.readAt,
    deletedAt,
    text: deletedAt === null ? read.text : '',
  };
}

/**
 * The thread as shown, oldest first: the older pages, the newest page (its copy wins, it is the
 * latest read), and this screen's own sends and deletes (until a reading has them).
 */
export function useThreadMessages(
  newest: MessageList | undefined,
  older: readonly StoredMessage[],
  local: readonly StoredMessage[],
): StoredMessage[] {
  return useMemo(() => {
    const byId = new Map<string, StoredMessage>();
    for (const message of older) byId.set(message.id, message);
    for (const message of newest?.items ?? []) byId.set(message.id, message);
    for (const message of local) {
      const known = byId.get(message.id);
      byId.set(message.id, known ? merged(known, message) : message);
    }
    return [...byId.values()].sort(byOldestFirst);
  }, [newest, older, local]);
}
