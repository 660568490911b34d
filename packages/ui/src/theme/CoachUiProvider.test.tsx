import { render, screen, waitFor } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Chakra's `Box`, with the props these tests give it. */
type BoxComponent = ComponentType<{ children: ReactNode; color: string }>;

/**
 * A fresh copy of the theme's modules, with Chakra's `createSystem` counted: the system's chunk
 * is loaded and the system built once per module load, so each test loads its own.
 */
async function loadTheme() {
  vi.resetModules();
  const createSystem = vi.fn();
  vi.doMock('@chakra-ui/react', async (importOriginal) => {
    const chakra = await importOriginal<typeof import('@chakra-ui/react')>();
    createSystem.mockImplementation(chakra.createSystem);
    return { ...chakra, createSystem };
  });
  const theme = await import('./index.ts');
  const { Box } = await import('@chakra-ui/react');
  return {
    ...theme,
    Box: Box as BoxComponent,
    createSystem,
  };
}

afterEach(() => {
  vi.doUnmock('@chakra-ui/react');
  vi.doUnmock('./systemFromData.ts');
});

/** Shows the message of an error thrown below it. */
class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Vitest wraps an error thrown by a mock's factory: the factory's own is its cause.
    const cause = error.cause instanceof Error ? error.cause.message : '';
    return <p role="alert">{`${error.message} ${cause}`}</p>;
  }
}

describe('CoachUiProvider', () => {
  it('builds no system when its module or the system chunk loads', async () => {
    const { createSystem, loadCoachSystem } = await loadTheme();
    await loadCoachSystem();
    expect(createSystem).not.toHaveBeenCalled();
  });

  it('renders static children without the system, then loads and builds it once the page is idle', async () => {
    const { CoachUiProvider, createSystem } = await loadTheme();
    render(
      <CoachUiProvider>
        <p>First row</p>
      </CoachUiProvider>,
    );
    expect(screen.getByText('First row')).toBeInTheDocument();
    expect(createSystem).not.toHaveBeenCalled();
    await waitFor(() => expect(createSystem).toHaveBeenCalledTimes(1));
  });

  it('builds the system when a Chakra component first renders, once for all of them', async () => {
    const { Box, CoachUiProvider, createSystem, loadCoachSystem } = await loadTheme();
    await loadCoachSystem();
    render(
      <CoachUiProvider>
        <Box color="fg.muted">Styled by Chakra</Box>
        <Box color="accent">And again</Box>
      </CoachUiProvider>,
    );
    expect(createSystem).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Styled by Chakra').className).toMatch(/^css-/);
  });

  it('suspends a Chakra component that renders before the system chunk is loaded, and shows it once it is', async () => {
    const { Box, CoachUiProvider } = await loadTheme();
    render(
      <CoachUiProvider>
        <p>First row</p>
        <Suspense fallback={<p>Loading the design system</p>}>
          <Box color="accent">Styled by Chakra</Box>
        </Suspense>
      </CoachUiProvider>,
    );
    expect(screen.getByText('Loading the design system')).toBeInTheDocument();
    expect(await screen.findByText('Styled by Chakra')).toHaveClass(/^css-/);
    expect(screen.getByText('First row')).toBeInTheDocument();
  });

  it('gives Chakra the same system that coachSystem is made of, whichever is read first', async () => {
    const { coachSystem, createSystem } = await loadTheme();
    expect(coachSystem.token('colors.fg.muted')).toBe('var(--chakra-colors-fg-muted)');
    expect(createSystem).toHaveBeenCalledTimes(1);
    expect('sva' in coachSystem).toBe(true);
    expect(Object.keys(coachSystem)).toEqual(expect.arrayContaining(['css', 'sva', '_config']));
  });

  it("gives a failed load's error to the error boundary, and loads again on the next try", async () => {
    vi.doMock('./systemFromData.ts', () => {
      throw new Error('The design system did not come');
    });
    // The provider and its loader alone: the barrel would load the system's module statically.
    vi.resetModules();
    const { CoachUiProvider } = await import('./CoachUiProvider.tsx');
    const { loadCoachSystem } = await import('./providedSystem.ts');
    const Box = (await import('@chakra-ui/react')).Box as BoxComponent;
    const tree = (
      <CoachUiProvider>
        <ErrorBoundary>
          <Suspense fallback={<p>Loading the design system</p>}>
            <Box color="accent">Styled by Chakra</Box>
          </Suspense>
        </ErrorBoundary>
      </CoachUiProvider>
    );
    const { unmount } = render(tree);
    expect(await screen.findByRole('alert')).toHaveTextContent(/The design system did not come/);
    unmount();
    vi.doUnmock('./systemFromData.ts');
    await loadCoachSystem();
    render(tree);
    expect(screen.getByText('Styled by Chakra')).toHaveClass(/^css-/);
  });
});
