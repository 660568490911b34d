import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useInsertionEffect } from 'react';
import { insertGlobalCss } from './globalCss.ts';
import { coachSystem } from './system.ts';

export type CoachUiProviderProps = {
  children: ReactNode;
};

// The Coach system without its global styles, which insertGlobalCss puts in the document as
// static CSS; everything else (tokens, recipes, css) is coachSystem's own.
const systemWithoutGlobalCss = /* @__PURE__ */ (() => ({ ...coachSystem, _global: [] }))();

/** Provides the Coach design system to everything below it. */
export function CoachUiProvider({ children }: CoachUiProviderProps) {
  useInsertionEffect(() => insertGlobalCss(document), []);
  return <ChakraProvider value={systemWithoutGlobalCss}>{children}</ChakraProvider>;
}
