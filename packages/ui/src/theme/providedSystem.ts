import type { SystemContext } from '@chakra-ui/react';
import { lazySystem } from './lazySystem.ts';

type SystemModule = typeof import('./systemFromData.ts');

let systemModule: SystemModule | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the code that builds the Coach system (Chakra's engine, its recipes, the token data): a
 * chunk of its own, so a page's first script carries only Chakra's provider. An app calls it
 * before it renders a Chakra component (`CoachUiProvider` calls it once the page has painted); a
 * component that renders before it is done suspends until it is.
 */
export function loadCoachSystem(): Promise<void> {
  loading ??= import('./systemFromData.ts').then(
    (module) => {
      systemModule = module;
    },
    (error: unknown) => {
      // A chunk that did not come (the network) is asked for again by the next call.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The system's module, or a suspension of the render until it is loaded. */
function loadedSystem(): SystemContext {
  if (systemModule === undefined) throw loadCoachSystem();
  return systemModule.coachSystemWithoutGlobalCss;
}

/**
 * What `CoachUiProvider` gives `ChakraProvider`: the Coach system without its global styles,
 * built when a Chakra component first reads it. Its config tells the provider to insert no layer
 * order (the stylesheet starts with it) and its global styles are empty, so the provider's own
 * render neither loads nor builds anything.
 */
export const providedCoachSystem: SystemContext = /* @__PURE__ */ lazySystem(loadedSystem, {
  _config: { disableLayers: true },
  _global: [],
});

/** Loads and builds the provided system, if that is not done yet. */
export async function prepareCoachSystem(): Promise<void> {
  await loadCoachSystem();
  void providedCoachSystem.css;
}
