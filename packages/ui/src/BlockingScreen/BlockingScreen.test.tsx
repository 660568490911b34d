import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { BlockingScreen } from './BlockingScreen.tsx';

describe('BlockingScreen', () => {
  it('is an alert named by its title and described by its message', () => {
    render(
      <CoachUiProvider>
        <BlockingScreen
          title="Coach app is available in landscape mode"
          message="Turn your device to keep working."
          logo={<span>Coach</span>}
        />
      </CoachUiProvider>,
    );
    const alert = screen.getByRole('alert', { name: 'Coach app is available in landscape mode' });
    expect(alert).toHaveAccessibleDescription('Turn your device to keep working.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('landscape mode');
    expect(screen.getByText('Coach')).toBeInTheDocument();
  });
});
