import { type ComponentType, lazy, Suspense } from 'react';

// The stream's code loads when this first renders (with the signed-in layout, after sign-in): the
// sign-in route never carries it. Live figures add to the screens; should their code fail to
// load, the screens work without them.
const LiveFigures = lazy<ComponentType>(() =>
  import('./LiveFigures.tsx').catch(() => ({ default: () => null })),
);

/** The tab's live figures (see `LiveFigures`), loaded on first render. */
export function LazyLiveFigures() {
  return (
    <Suspense fallback={null}>
      <LiveFigures />
    </Suspense>
  );
}
