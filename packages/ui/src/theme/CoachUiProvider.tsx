import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { coachSystem } from './system.ts';

export type CoachUiProviderProps = {
  children: ReactNode;
};

/** Provides the Coach design system to everything below it. */
export function CoachUiProvider({ children }: CoachUiProviderProps) {
  return <ChakraProvider value={coachSystem}>{children}</ChakraProvider>;
}
