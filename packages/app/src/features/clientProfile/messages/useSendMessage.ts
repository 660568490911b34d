import type { ThreadMessage as StoredMessage } from '@coach/api';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoachApi } from '../../../core/session/index.ts';
import type { PendingMessage } from './threadView.ts';

/**
 * Sending a message: each text gets its id once (`crypto.randomUUID()`), so a retry of a failed
 * send is stored once whatever became of the first try; while on its way it is pending (shown
 * 'Sending…'); a failure says so (the composer keeps the text and offers the retry). Answers the
 * stored messages of this screen's sends, for the thread to show before it is read again.
 */
export function useSendMessage(clientId: string) {
  const { t } = useTranslation();
  const api = useCoachApi();
  const draft = useRef<{ text: string; id: string } | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [sent, setSent] = useState<StoredMessage[]>([]);
  const [error, setError] = useState<string | undefined>();

  const send = async (text: string) => {
    const id = draft.current?.text === text ? draft.current.id : crypto.randomUUID();
    draft.current = { text, id };
    setError(undefined);
    setPending((now) => [
      ...now.filter((message) => message.id !== id),
      { id, text, sentAt: new Date().toISOString() },
    ]);
    try {
      const message = await api.messaging.sendMessage(clientId, { id, text });
      draft.current = null;
      setSent((now) => [...now.filter((each) => each.id !== message.id), message]);
    } catch (failure) {
      setError(t('messages.sendFailed'));
      throw failure;
    } finally {
      setPending((now) => now.filter((message) => message.id !== id));
    }
  };

  /** A message of this screen changed (deleted): shown so until the thread is read again. */
  const update = (message: StoredMessage) =>
    setSent((now) => [...now.filter((each) => each.id !== message.id), message]);

  return { send, pending, sent, error, update };
}
