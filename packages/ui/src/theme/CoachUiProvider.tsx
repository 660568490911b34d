import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { coachSystemWithoutGlobalCss } from './system.ts';

export type CoachUiProviderProps = {
  children: ReactNode;
};

/**
 * Provides the Coach design system to everything below it. The global styles (layer order,
 * preflight, token variables) are static CSS, not built at run time: an app bundles the
 * stylesheet `@coach/ui/global.css`; where CSS is not bundled (tests in jsdom, Storybook's
 * preview), `insertGlobalCss(document)` puts the same CSS in the page once.
 */
export function CoachUiProvider({ children }: CoachUiProviderProps) {
  return <ChakraProvider value={coachSystemWithoutGlobalCss}>{children}</ChakraProvider>;
}
