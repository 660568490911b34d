import { lazy } from 'react';
import { withDesignSystem } from '../../../core/designSystem/index.ts';

const loadSecondStep = withDesignSystem(() =>
  import('../../../core/secondFactor/index.ts').then((module) => ({ default: module.SecondStep })),
);

let loading: ReturnType<typeof loadSecondStep> | null = null;

/** Loads the second step once; a failed load may be tried again. */
function load() {
  loading ??= loadSecondStep().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The second step of a sign-in (decision 73), with Chakra's runtime: loaded on demand, so that the
 * sign-in route's first script carries neither.
 */
export const LazySecondStep = lazy(load);

/** Starts loading the second step while the coach types (the form's focus). */
export function preloadSecondStep(): void {
  load().catch(() => {
    // The second step's own load tries again.
  });
}
