import { Box, Flex } from '@chakra-ui/react';
import { LoadingPlaceholder } from '@coach/ui';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Logo } from './Logo.tsx';

export type AuthLayoutProps = {
  /** The content; the matched route's element by default. */
  children?: ReactNode;
  /** Where the logo leads: the sign-in page ('/' by default), with a sign-in's return path. */
  homeHref?: string;
};

/**
 * The signed-out layout (requirements R2.2): the logo top-left over a decorative skeleton of the app,
 * and the screen centred in a card.
 */
export function AuthLayout({ children, homeHref = '/' }: AuthLayoutProps) {
  return (
    <Box position="relative" minHeight="100dvh" bg="bg.subtle" overflow="hidden">
      <Box position="absolute" inset="0" padding="12" opacity="0.6" pointerEvents="none">
        <LoadingPlaceholder variant="screen" decorative />
      </Box>
      <Flex
        as="main"
        position="relative"
        minHeight="100dvh"
        align="center"
        justify="center"
        padding={{ base: '4', md: '8' }}
        // On a phone (the invite page) the card starts under the logo, not over it.
        paddingTop={{ base: '20', md: '8' }}
      >
        <Box
          bg="bg"
          borderRadius="xl"
          borderWidth="thin"
          borderColor="border"
          boxShadow="lg"
          padding={{ base: '6', sm: '10' }}
          width="full"
          maxWidth="28rem"
        >
          {children ?? <Outlet />}
        </Box>
      </Flex>
      <Box position="absolute" top="6" left="8">
        <Logo href={homeHref} />
      </Box>
    </Box>
  );
}
