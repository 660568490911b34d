import { CoachUiProvider } from '@coach/ui';
import type { ComponentType } from 'react';

const wrappers = new WeakMap<object, ComponentType<never>>();

/**
 * A component inside the Coach design system's provider: Chakra's runtime (its engine, recipes
 * and token data) comes with the first component that needs it, in this chunk, not with the page's
 * first script. The sign-in route needs none: its components are static (decision 83).
 */
export default function withCoachUi<Props extends object>(
  Component: ComponentType<Props>,
): ComponentType<Props> {
  // One wrapper per component: a screen preloaded and then loaded keeps one component type, so
  // React never remounts it for a new one.
  const known = wrappers.get(Component) as ComponentType<Props> | undefined;
  if (known) return known;
  function WithCoachUi(props: Props) {
    return (
      <CoachUiProvider>
        <Component {...props} />
      </CoachUiProvider>
    );
  }
  WithCoachUi.displayName = `WithCoachUi(${Component.displayName ?? Component.name})`;
  wrappers.set(Component, WithCoachUi);
  return WithCoachUi;
}
