import type { MessageList } from '@coach/api';
import { useEffect, useRef } from 'react';
import { threadsMarkedReadAtom } from '../../../core/messaging/index.ts';
import { useCoachApi } from '../../../core/session/index.ts';
import { useSetAtom } from '../../../state/jotai.ts';

/**
 * Marks the client's messages read up to the newest one shown, whenever the shown page has unread
 * ones (the thread opened, or a new message came in while open); then this tab's unread counts
 * and clients list are stale (the server's `messages-changed` tells the other tabs).
 */
export function useMarkThreadRead(clientId: string, newest: MessageList | undefined) {
  const api = useCoachApi();
  const markedRead = useSetAtom(threadsMarkedReadAtom);
  const marked = useRef<string | null>(null);
  const upTo = newest?.items.find((message) => message.author === 'client')?.id;
  const hasUnread = (newest?.unread ?? 0) > 0;
  useEffect(() => {
    if (!hasUnread || upTo === undefined || marked.current === upTo) return;
    marked.current = upTo;
    api.messaging.markMessagesRead(clientId, { upTo }).then(
      () => markedRead(),
      () => {
        // Not marked: the next reading of the thread tries again.
        marked.current = null;
      },
    );
  }, [api, clientId, upTo, hasUnread, markedRead]);
}
