import { Box, Center, Flex, Text } from '@chakra-ui/react';
import { type ReactNode, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../Button/index.ts';
import { DaySeparator } from './DaySeparator.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { threadRows } from './threadRows.ts';
import type { ThreadMessage } from './types.ts';
import { useThreadScroll } from './useThreadScroll.ts';

export type MessageThreadProps = {
  /** The messages, oldest first (the newest shows at the bottom). */
  messages: readonly ThreadMessage[];
  /** Accessible name of the thread ('Messages with Anna Smith'). */
  label: string;
  /** Shown when there is no message. */
  emptyText: string;
  /** Shown, muted and in italics, instead of a deleted message's text ('Message deleted'). */
  deletedText: string;
  /** Whether older messages can be loaded: shows the 'Load older' button at the top. */
  hasOlder?: boolean;
  /** Called by the 'Load older' button; the caller adds the older page at the start of `messages`. */
  onLoadOlder?: () => void;
  /** Older messages are loading: the button shows a spinner and waits. */
  isLoadingOlder?: boolean;
  /** The 'Load older' button's label ('Load older messages'). */
  loadOlderLabel: string;
  /** Called by a failed own message's retry button. */
  onRetry?: (message: ThreadMessage) => void;
  /** The retry button's label ('Retry'). */
  retryLabel?: string;
  /** Actions after a message's time and status (e.g. a 'Delete' button on recent own ones). */
  renderActions?: (message: ThreadMessage) => ReactNode;
  /**
   * Whether assistive technology announces new messages itself (`aria-live="polite"`). Off by
   * default: an app that announces what arrives would otherwise be read twice.
   */
  isLive?: boolean;
  /** Height of the scrolled thread (a token, rem or CSS value). Defaults to `100%`. */
  height?: string;
};

/**
 * A conversation between two people: the messages in order, grouped under their days' labels,
 * own messages on the end side in the accent colour with their read state, the other person's on
 * the start side. Only the rows in view are rendered, so thousands of messages stay smooth; it
 * opens at the newest and follows new ones while the reader is at the end. Every text comes in
 * through props; message texts are shown as plain text.
 */
export function MessageThread({
  messages,
  label,
  emptyText,
  deletedText,
  hasOlder = false,
  onLoadOlder,
  isLoadingOlder = false,
  loadOlderLabel,
  onRetry,
  retryLabel = 'Retry',
  renderActions,
  isLive = false,
  height = '100%',
}: MessageThreadProps) {
  const rows = useMemo(() => threadRows(messages), [messages]);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const { virtualizer, handleScroll } = useThreadScroll(rows, scrollElement);
  const loadOlderRef = useRef<HTMLButtonElement>(null);
  const isLoadOlderFocused = useRef(false);
  // The button is disabled while loading and gone after the oldest page: focus would fall to the
  // page's start, so it goes back to the button, or to the thread when there is no more.
  useLayoutEffect(() => {
    if (!isLoadOlderFocused.current || isLoadingOlder) return;
    const active = document.activeElement;
    if (active === loadOlderRef.current) return;
    isLoadOlderFocused.current = false;
    if (active === null || active === document.body) {
      (loadOlderRef.current ?? scrollElement)?.focus();
    }
  });
  const handleLoadOlder = () => {
    isLoadOlderFocused.current = true;
    onLoadOlder?.();
  };
  const idPrefix = useId();
  const rowOptions = {
    idPrefix,
    deletedText,
    retryLabel,
    onRetry,
    renderActions,
    setSize: messages.length,
  };

  return (
    <Flex direction="column" height={height} minHeight="0" bg="bg">
      {hasOlder && (
        <Center paddingBlock="2" borderBottomWidth="1px" borderColor="border">
          <Button
            ref={loadOlderRef}
            variant="ghost"
            size="sm"
            isLoading={isLoadingOlder}
            onClick={handleLoadOlder}
            onBlur={() => {
              if (!isLoadingOlder) isLoadOlderFocused.current = false;
            }}
          >
            {loadOlderLabel}
          </Button>
        </Center>
      )}
      <Box
        ref={setScrollElement}
        role="log"
        aria-label={label}
        aria-live={isLive ? 'polite' : 'off'}
        aria-busy={isLoadingOlder || undefined}
        // A scrolled region must be reachable by keyboard to be read with the arrow keys.
        tabIndex={0}
        onScroll={handleScroll}
        flex="1"
        minHeight="0"
        overflowY="auto"
        overflowAnchor="none"
        focusRing="inside"
      >
        {messages.length === 0 ? (
          <Center height="full" padding="6">
            <Text color="fg.muted" textAlign="center">
              {emptyText}
            </Text>
          </Center>
        ) : (
          <Box position="relative" width="full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <Box
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  position="absolute"
                  insetInlineStart="0"
                  top="0"
                  width="full"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === 'day' ? (
                    <DaySeparator label={row.label} />
                  ) : (
                    <MessageBubble message={row.message} position={row.position} {...rowOptions} />
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </Flex>
  );
}
