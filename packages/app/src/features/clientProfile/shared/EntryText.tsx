import { Text } from '@chakra-ui/react';
import { shownMessageText } from '@coach/domain';

/** A note's or message's text as text (never HTML), its line breaks kept. */
export function EntryText({ text }: { text: string }) {
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
      {shownMessageText(text)}
    </Text>
  );
}
