import { Box, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuCircleAlert } from 'react-icons/lu';
import { Button } from '../Button/index.ts';
import type { MessageRowOptions, ThreadMessage } from './types.ts';

export type MessageBubbleProps = MessageRowOptions & { message: ThreadMessage; position: number };

/**
 * One message: an article named by its author and time, the text in a bubble at the end side
 * (own, accent colour) or the start side (the other person's), then the time, the status, and
 * the caller's actions.
 */
export function MessageBubble({
  message,
  position,
  setSize,
  idPrefix,
  deletedText,
  retryLabel,
  onRetry,
  renderActions,
}: MessageBubbleProps) {
  const { isOwn, isDeleted, status } = message;
  // From the message, not the instance: a row unmounted and mounted again keeps its name's ids.
  const id = `${idPrefix}${encodeURIComponent(message.id)}`;
  const authorId = `${id}-author`;
  const timeId = `${id}-time`;
  const isFailed = isOwn && status === 'failed';
  const actions = renderActions?.(message);
  return (
    <Box
      as="article"
      aria-labelledby={`${authorId} ${timeId}`}
      aria-posinset={position}
      aria-setsize={setSize}
      data-own={isOwn || undefined}
      display="flex"
      flexDirection="column"
      alignItems={isOwn ? 'flex-end' : 'flex-start'}
      paddingBlock="1"
      paddingInline="3"
    >
      <VisuallyHidden id={authorId}>{message.authorLabel}</VisuallyHidden>
      <Box
        maxWidth="80%"
        minWidth="0"
        paddingBlock="2"
        paddingInline="3"
        borderRadius="lg"
        borderWidth="1px"
        borderColor={isDeleted ? 'border' : isOwn ? 'accent' : 'bg.muted'}
        bg={isDeleted ? 'bg' : isOwn ? 'accent' : 'bg.muted'}
        color={isDeleted ? 'fg.muted' : isOwn ? 'accent.fg' : 'fg'}
        fontStyle={isDeleted ? 'italic' : undefined}
        textStyle="sm"
      >
        {/* Plain text only: dir="auto" lets a right-to-left message read right to left, and a
            2,000-character word wraps instead of widening the thread. */}
        <Text as="p" dir="auto" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {isDeleted ? deletedText : message.text}
        </Text>
      </Box>
      <HStack gap="2" marginTop="1" textStyle="xs" color="fg.muted" flexWrap="wrap">
        <Text as="span" id={timeId}>
          {message.timeLabel}
        </Text>
        {isOwn && message.statusLabel && (
          <Text
            as="span"
            color={isFailed ? 'error.fg' : undefined}
            fontWeight={isFailed ? 'medium' : undefined}
            display="inline-flex"
            alignItems="center"
            gap="1"
          >
            {isFailed && <LuCircleAlert aria-hidden />}
            {message.statusLabel}
          </Text>
        )}
        {isFailed && onRetry && (
          <Button variant="link" size="xs" onClick={() => onRetry(message)}>
            {retryLabel}
          </Button>
        )}
        {actions}
      </HStack>
    </Box>
  );
}
