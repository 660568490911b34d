import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { LoadingPlaceholder, type LoadingPlaceholderProps } from './LoadingPlaceholder.tsx';

const renderPlaceholder = (props: LoadingPlaceholderProps = {}) =>
  render(
    <CoachUiProvider>
      <LoadingPlaceholder {...props} />
    </CoachUiProvider>,
  );

const bones = (element: HTMLElement) => element.querySelectorAll('.chakra-skeleton');

describe('LoadingPlaceholder', () => {
  it("is a busy status named 'Loading' by default", () => {
    renderPlaceholder();
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status).toHaveAttribute('aria-busy', 'true');
  });

  it('takes its accessible name from the label', () => {
    renderPlaceholder({ label: 'Loading clients' });
    expect(screen.getByRole('status', { name: 'Loading clients' })).toBeInTheDocument();
  });

  it('draws one bar per line of text', () => {
    renderPlaceholder({ variant: 'text', lines: 4 });
    expect(bones(screen.getByRole('status'))).toHaveLength(4);
  });

  it('draws a header row and a bar per cell of a table', () => {
    renderPlaceholder({ variant: 'table', rows: 3, columns: 5 });
    expect(bones(screen.getByRole('status'))).toHaveLength((3 + 1) * 5);
  });

  it('draws a single block', () => {
    renderPlaceholder({ variant: 'block' });
    expect(bones(screen.getByRole('status'))).toHaveLength(1);
  });
});
