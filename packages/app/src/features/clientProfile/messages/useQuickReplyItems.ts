import { fillQuickReply, shownMessageText } from '@coach/domain';
import type { QuickReply } from '@coach/ui';
import { useMemo } from 'react';
import { quickRepliesLoadableAtom } from '../../../core/messaging/index.ts';
import { useAtomValue } from '../../../state/jotai.ts';

/** The label of a quick reply in the menu: its first line, at most this many characters. */
const labelLength = 60;

const labelOf = (text: string) => {
  const line = shownMessageText(text).split('\n', 1)[0] ?? '';
  return line.length > labelLength ? `${line.slice(0, labelLength - 1)}…` : line;
};

/**
 * The coach's quick replies for the composer, each filled with the client's first name (none
 * while they load or when they failed: the composer works without them).
 */
export function useQuickReplyItems(firstName: string): QuickReply[] {
  const replies = useAtomValue(quickRepliesLoadableAtom);
  return useMemo(() => {
    if (replies.state !== 'hasData') return [];
    return replies.data.items.map((reply) => {
      const text = fillQuickReply(reply.text, { firstName });
      return { id: reply.id, label: labelOf(text), text };
    });
  }, [replies, firstName]);
}
