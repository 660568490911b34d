import { HStack, type StackProps, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

export type FormNoticeProps = Omit<StackProps, 'children'> & {
  icon: IconType;
  children: string;
};

/** A note of a form with its icon before the text; the caller gives its tone and its role. */
export function FormNotice({ icon: Icon, children, ...boxProps }: FormNoticeProps) {
  return (
    <HStack align="flex-start" gap="2" padding="3" borderRadius="md" {...boxProps}>
      {/* The icon keeps its size beside a text of several lines, level with the first. */}
      <Icon aria-hidden style={{ flexShrink: 0, marginTop: '0.2em' }} />
      <Text>{children}</Text>
    </HStack>
  );
}
