import type { SystemContext } from '@chakra-ui/react';
import { lazySystem } from './lazySystem.ts';

type SystemModule = typeof import('./systemFromData.ts');

let systemModule: SystemModule | undefined;
let loading: Promise<void> | undefined;
/** Why the last load failed, until a render has been told. */
let failure: { error: unknown } | undefined;

/**
 * Loads the code that builds the Coach system (Chakra's engine, its recipes, the token data): a
 * chunk of its own, so a page's first script carries only Chakra's provider. An app calls it
 * before it renders a Chakra component (`CoachUiProvider` calls it once the page has painted); a
 * component that renders before it is done suspends until it is. A load that failed (the network)
 * is tried again by the next call.
 */
export function loadCoachSystem(): Promise<void> {
  loading ??= import('./systemFromData.ts').then(
    (module) => {
      systemModule = module;
      failure = undefined;
    },
    (error: unknown) => {
      loading = undefined;
      failure = { error };
      throw error;
    },
  );
  return loading;
}

/**
 * The system's module; a suspension of the render until it is loaded; or, once, the error of a
 * load that failed, for the nearest error boundary (a render after that loads again). Without that
 * error, a failed load would wake the suspended render only to suspend it on the next failure, in
 * a loop.
 */
function loadedSystem(): SystemContext {
  if (systemModule !== undefined) return systemModule.coachSystemWithoutGlobalCss;
  if (failure !== undefined) {
    const { error } = failure;
    failure = undefined;
    throw error;
  }
  throw loadCoachSystem();
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

/**
 * Loads and builds the provided system ahead of need, if that is not done yet. A failure here is
 * not thrown: the first Chakra component to render gets it (see `loadedSystem`).
 */
export async function prepareCoachSystem(): Promise<void> {
  try {
    await loadCoachSystem();
  } catch {
    return;
  }
  void providedCoachSystem.css;
}
