import { Badge, VisuallyHidden } from '@chakra-ui/react';

export type UnreadBadgeProps = {
  /** The unread messages; nothing is shown for 0. */
  count: number;
  /** The count in words for screen readers ('2 unread messages'). */
  label: string;
};

/** A small count of unread messages; read out in words, never as a bare number. */
export function UnreadBadge({ count, label }: UnreadBadgeProps) {
  if (count <= 0) return null;
  return (
    <Badge
      variant="solid"
      colorPalette="accent"
      borderRadius="full"
      size="sm"
      flexShrink={0}
      data-unread={count}
    >
      <span aria-hidden>{count}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Badge>
  );
}
