import { HStack, Separator, Text } from '@chakra-ui/react';

/** The label of a day above its first message, between two rules. */
export function DaySeparator({ label }: { label: string }) {
  return (
    <HStack gap="3" paddingBlock="3" paddingInline="3">
      <Separator flex="1" aria-hidden />
      <Text textStyle="xs" fontWeight="medium" color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      <Separator flex="1" aria-hidden />
    </HStack>
  );
}
