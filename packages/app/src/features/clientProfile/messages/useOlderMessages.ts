import type { MessageList, ThreadMessage as StoredMessage } from '@coach/api';
import { messagingLimits } from '@coach/domain';
import { useState } from 'react';
import { useCoachApi } from '../../../core/session/index.ts';

type Older = {
  messages: StoredMessage[];
  /** The cursor after the last older page; undefined before the first. */
  cursor: string | null | undefined;
  isLoading: boolean;
  hasFailed: boolean;
};

const none: Older = { messages: [], cursor: undefined, isLoading: false, hasFailed: false };

/**
 * The pages before the newest one, 50 a page, each asked with the previous page's cursor. They
 * stay when the newest page is read again (a live message), so paging back is never undone.
 */
export function useOlderMessages(clientId: string, newest: MessageList | undefined) {
  const api = useCoachApi();
  const [older, setOlder] = useState(none);
  const cursor = older.cursor === undefined ? (newest?.nextCursor ?? null) : older.cursor;
  const loadOlder = () => {
    if (older.isLoading || cursor === null) return;
    setOlder({ ...older, isLoading: true, hasFailed: false });
    api.messaging.listMessages(clientId, { limit: messagingLimits.pageMax, before: cursor }).then(
      (page) =>
        setOlder((now) => ({
          messages: [...page.items, ...now.messages],
          cursor: page.nextCursor,
          isLoading: false,
          hasFailed: false,
        })),
      () => setOlder((now) => ({ ...now, isLoading: false, hasFailed: true })),
    );
  };
  return {
    messages: older.messages,
    hasOlder: cursor !== null,
    isLoadingOlder: older.isLoading,
    hasOlderFailed: older.hasFailed,
    loadOlder,
  };
}
