import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { ProfilePicture } from './ProfilePicture.tsx';

const renderInTheme = (ui: ReactElement) => {
  const result = render(<CoachUiProvider>{ui}</CoachUiProvider>);
  return {
    ...result,
    rerender: (next: ReactElement) => result.rerender(<CoachUiProvider>{next}</CoachUiProvider>),
  };
};

const isFallbackIcon = (element: HTMLElement) => element.tagName !== 'IMG';

describe('ProfilePicture', () => {
  it('shows the picture with the name as its alternative text', () => {
    renderInTheme(<ProfilePicture src="/ada.png" name="Ada Lovelace" />);

    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/ada.png');
  });

  it.each([null, undefined, ''])('shows the person icon when the address is %j', (src) => {
    renderInTheme(<ProfilePicture src={src} name="Ada Lovelace" />);

    const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(isFallbackIcon(fallback)).toBe(true);
    expect(fallback.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the person icon when the picture fails to load', () => {
    renderInTheme(<ProfilePicture src="/broken.png" name="Ada Lovelace" />);

    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));

    const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(isFallbackIcon(fallback)).toBe(true);
    expect(document.querySelector('img')).toBeNull();
  });

  it('tries again when the address changes after a failure', () => {
    const { rerender } = renderInTheme(<ProfilePicture src="/broken.png" name="Ada Lovelace" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));

    rerender(<ProfilePicture src="/ada.png" name="Ada Lovelace" />);

    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
  });
});
