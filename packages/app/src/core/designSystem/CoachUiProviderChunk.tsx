import { CoachUiProvider } from '@coach/ui';
import type { ComponentType } from 'react';

/**
 * A component inside the Coach design system's provider: Chakra's runtime (its engine, recipes
 * and token data) comes with the first component that needs it, in this chunk, not with the page's
 * first script. The sign-in route needs none: its components are static (decision 83).
 */
export default function withCoachUi<Props extends object>(
  Component: ComponentType<Props>,
): ComponentType<Props> {
  function WithCoachUi(props: Props) {
    return (
      <CoachUiProvider>
        <Component {...props} />
      </CoachUiProvider>
    );
  }
  WithCoachUi.displayName = `WithCoachUi(${Component.displayName ?? Component.name})`;
  return WithCoachUi;
}
