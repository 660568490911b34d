import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { runAfterNextPaint } from '../scheduling/runWhenIdle.ts';
import { prepareCoachSystem, providedCoachSystem } from './providedSystem.ts';

export type CoachUiProviderProps = {
  children: ReactNode;
};

/**
 * Provides the Coach design system to everything below it. The global styles (layer order,
 * preflight, token variables) are static CSS, not built at run time: an app bundles the
 * stylesheet `@coach/ui/global.css`; where CSS is not bundled (tests in jsdom, Storybook's
 * preview), `insertGlobalCss(document)` puts the same CSS in the page once.
 *
 * The system's code is a chunk of its own (`loadCoachSystem`), loaded and built when the page is
 * idle after its first paint, or by the first Chakra component that renders (which suspends
 * until the chunk is there): a screen of statically styled components (the clients table) paints
 * without waiting for either.
 */
export function CoachUiProvider({ children }: CoachUiProviderProps) {
  useEffect(() => runAfterNextPaint(() => void prepareCoachSystem()), []);
  return <ChakraProvider value={providedCoachSystem}>{children}</ChakraProvider>;
}
