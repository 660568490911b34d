import { Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

export type InviteNoticeProps = {
  title: string;
  /** Lines under the title, in order. */
  lines: string[];
  /** An action under the text (a retry). */
  action?: ReactNode;
  /** Announced as it appears (failures); an outcome the invitee waited for is a plain page. */
  isAlert?: boolean;
  /**
   * Moves focus to the title on mount: after a submit the form and its button are gone, and a
   * screen reader must land on what replaced them.
   */
  isFocused?: boolean;
};

/** A whole-page message of the invite page: a title, what it means, and what to do. */
export function InviteNotice({
  title,
  lines,
  action,
  isAlert = false,
  isFocused = false,
}: InviteNoticeProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // In the commit itself: nothing may read focus between the title showing and it moving there.
  useLayoutEffect(() => {
    if (isFocused) titleRef.current?.focus();
  }, [isFocused]);
  return (
    <Stack gap="4" align="flex-start" role={isAlert ? 'alert' : undefined}>
      <Heading
        ref={titleRef}
        as="h1"
        fontSize="2xl"
        fontWeight="semibold"
        tabIndex={isFocused ? -1 : undefined}
        outline="none"
      >
        {title}
      </Heading>
      {lines.map((line) => (
        <Text key={line} color="fg.muted">
          {line}
        </Text>
      ))}
      {action}
    </Stack>
  );
}
