import type { ComponentType } from 'react';

type ComponentModule<Props> = { default: ComponentType<Props> };

/** The chunk of Chakra's provider, loaded once (a module import is cached by the browser). */
const loadProvider = () => import('./CoachUiProviderChunk.tsx');

/**
 * A lazily loaded component whose code needs Chakra's runtime: loads it and the design system's
 * provider together, and gives the component inside the provider. The page's first script stays
 * without Chakra; the provider's chunk is shared by every such component.
 */
export function withDesignSystem<Props extends object>(
  load: () => Promise<ComponentModule<Props>>,
): () => Promise<ComponentModule<Props>> {
  return () =>
    Promise.all([load(), loadProvider()]).then(([module, provider]) => ({
      default: provider.default(module.default),
    }));
}
