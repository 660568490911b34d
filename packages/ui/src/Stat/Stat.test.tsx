import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { Stat, StatGroup } from './Stat.tsx';

const renderInTheme = (ui: React.ReactNode) => render(<CoachUiProvider>{ui}</CoachUiProvider>);

describe('Stat', () => {
  it('pairs the label with the value, unit and help text', () => {
    renderInTheme(<Stat label="Engagement (48h)" value="6.5" unit="h" helpText="Full at 10 h" />);
    expect(screen.getByRole('term')).toHaveTextContent('Engagement (48h)');
    const [value, help] = screen.getAllByRole('definition');
    expect(value).toHaveTextContent('6.5h');
    expect(help).toHaveTextContent('Full at 10 h');
  });

  it('says a lagging figure is lagging in text, not only in colour', () => {
    const { container } = renderInTheme(
      <Stat label="Mental" value="64" unit="%" isLagging laggingText="Under 70%" />,
    );
    expect(screen.getByText('Under 70%')).toBeInTheDocument();
    expect(container.querySelector('[data-lagging]')).not.toBeNull();
  });

  it('shows the empty text without a unit or lagging text when there is no value', () => {
    renderInTheme(<Stat label="Physical" value={null} unit="%" isLagging />);
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent(/^—$/);
    expect(screen.queryByText('Lagging')).toBeNull();
  });

  it('shows zero as a value, not as empty', () => {
    renderInTheme(<Stat label="Exercises" value={0} />);
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent(/^0$/);
  });

  it('is busy and reads the loading text while loading', () => {
    const { container } = renderInTheme(<Stat label="Productivity" value="81" isLoading />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('81')).toBeNull();
  });
});

describe('StatGroup', () => {
  it('names its group when given a label', () => {
    renderInTheme(
      <StatGroup label="Client figures">
        <Stat label="Mental" value="80" />
        <Stat label="Physical" value="75" />
      </StatGroup>,
    );
    expect(screen.getByRole('group', { name: 'Client figures' })).toHaveTextContent('Mental');
  });
});
