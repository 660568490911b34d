import { Box, type BoxProps, Flex, Heading, Text, VStack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

export type BlockingScreenProps = Omit<BoxProps, 'title' | 'children'> & {
  /** The headline (e.g. 'Coach app is available for screens with higher resolution'). */
  title: string;
  /** A sentence under the title (e.g. 'Turn your device to landscape'). */
  message?: string;
  /** An illustration above the title, e.g. an icon from react-icons/lu. */
  icon?: ReactNode;
  /** The product logo, shown at the top. */
  logo?: ReactNode;
  /** Fills its parent instead of covering the viewport (for previews and documentation). */
  isContained?: boolean;
};

/**
 * A message that covers the whole viewport and blocks the app under it, e.g. when the screen is
 * too small. An `alert` named by its title and described by its message.
 */
export function BlockingScreen({
  title,
  message,
  icon,
  logo,
  isContained = false,
  ...rest
}: BlockingScreenProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Box
      role="alert"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      position={isContained ? 'relative' : 'fixed'}
      inset={isContained ? undefined : '0'}
      zIndex={isContained ? undefined : 'overlay'}
      minHeight={isContained ? '100%' : '100dvh'}
      display="flex"
      flexDirection="column"
      bg="bg.subtle"
      color="fg"
      overflowY="auto"
      padding={{ base: '6', md: '10' }}
      gap="8"
      {...rest}
    >
      {logo && <Box flexShrink={0}>{logo}</Box>}
      <VStack
        flex="1"
        justify="center"
        gap="4"
        textAlign="center"
        marginInline="auto"
        maxWidth="32rem"
        width="full"
      >
        {icon && (
          <Flex
            aria-hidden
            align="center"
            justify="center"
            boxSize="16"
            borderRadius="full"
            bg="accent.subtle"
            color="accent"
            fontSize="3xl"
          >
            {icon}
          </Flex>
        )}
        <Heading
          as="h1"
          id={titleId}
          fontSize={{ base: 'xl', sm: '2xl' }}
          lineHeight="short"
          fontWeight="semibold"
          overflowWrap="anywhere"
        >
          {title}
        </Heading>
        {message && (
          <Text id={messageId} fontSize="lg" color="fg.muted" overflowWrap="anywhere">
            {message}
          </Text>
        )}
      </VStack>
    </Box>
  );
}
