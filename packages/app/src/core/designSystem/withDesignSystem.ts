import { loadCoachSystem } from '@coach/ui';
import type { ComponentType } from 'react';

type ComponentModule<Props> = { default: ComponentType<Props> };

/** The chunk of Chakra's provider, loaded once (a module import is cached by the browser). */
const loadProvider = () => import('./CoachUiProviderChunk.tsx');

/**
 * A lazily loaded component whose code needs Chakra's runtime: loads it, the design system's
 * provider and the system's own chunk together, and gives the component inside the provider. The
 * page's first script stays without Chakra; the two chunks are shared by every such component.
 */
export function withDesignSystem<Props extends object>(
  load: () => Promise<ComponentModule<Props>>,
): () => Promise<ComponentModule<Props>> {
  return () =>
    Promise.all([load(), loadProvider(), loadCoachSystem()]).then(([module, provider]) => ({
      default: provider.default(module.default),
    }));
}
