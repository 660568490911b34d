import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useInsertionEffect } from 'react';
import { insertGlobalCss } from './globalCss.ts';
import { coachSystemWithoutGlobalCss } from './system.ts';

export type CoachUiProviderProps = {
  children: ReactNode;
};

/** Provides the Coach design system to everything below it. */
export function CoachUiProvider({ children }: CoachUiProviderProps) {
  useInsertionEffect(() => insertGlobalCss(document), []);
  // The global styles are static CSS (insertGlobalCss); everything else is coachSystem's.
  return <ChakraProvider value={coachSystemWithoutGlobalCss}>{children}</ChakraProvider>;
}
