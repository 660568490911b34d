import { Badge } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { withDesignSystem } from './withDesignSystem.ts';

/** A component that needs Chakra's provider: Chakra throws without one. */
function ChakraBadge({ label }: { label: string }) {
  return <Badge>{label}</Badge>;
}

describe('withDesignSystem', () => {
  it("gives a lazily loaded component inside the design system's provider, with its props", async () => {
    // Rendered alone, the component finds no provider.
    expect(() => render(<ChakraBadge label="Alone" />)).toThrow(/ChakraProvider/);
    const Loaded = lazy(withDesignSystem(async () => ({ default: ChakraBadge })));
    render(
      <Suspense fallback={null}>
        <Loaded label="Inside the provider" />
      </Suspense>,
    );
    expect(await screen.findByText('Inside the provider')).toBeVisible();
  });

  it('gives the same component on every load, so a preloaded screen keeps its type', async () => {
    const load = withDesignSystem(async () => ({ default: ChakraBadge }));
    const [first, second] = await Promise.all([load(), load()]);
    expect(first.default).toBe(second.default);
    expect(first.default).not.toBe(ChakraBadge);
  });

  it("fails as the component's own load fails, for the screen's retry", async () => {
    const load = withDesignSystem(() => Promise.reject(new Error('chunk gone')));
    await expect(load()).rejects.toThrow('chunk gone');
  });
});
