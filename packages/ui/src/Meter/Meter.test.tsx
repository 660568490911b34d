import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { Meter, type MeterProps } from './Meter.tsx';
import { getMeterState } from './meterState.ts';

const renderMeter = (props: MeterProps) =>
  render(
    <CoachUiProvider>
      <Meter {...props} />
    </CoachUiProvider>,
  );

describe('getMeterState', () => {
  it('clamps values under 0 and over the maximum', () => {
    expect(getMeterState({ value: -5 })).toMatchObject({ value: 0, percent: 0 });
    expect(getMeterState({ value: 140 })).toMatchObject({ value: 100, percent: 100 });
    expect(getMeterState({ value: 14, max: 10 })).toMatchObject({ value: 10, percent: 100 });
  });

  it('scales a value to a percentage of a non-percentage maximum', () => {
    expect(getMeterState({ value: 6.5, max: 10 }).percent).toBeCloseTo(65);
    expect(getMeterState({ value: 5, max: 10, threshold: 7 }).thresholdPercent).toBeCloseTo(70);
  });

  it('is lagging under the threshold and not at it (69.9 lags 70, 70 does not)', () => {
    expect(getMeterState({ value: 69.9, threshold: 70 }).isLagging).toBe(true);
    expect(getMeterState({ value: 70, threshold: 70 }).isLagging).toBe(false);
    expect(getMeterState({ value: 95, threshold: 70 }).isLagging).toBe(false);
    expect(getMeterState({ value: -10, threshold: 70 }).isLagging).toBe(true);
  });

  it('is never lagging without a threshold', () => {
    expect(getMeterState({ value: 0 }).isLagging).toBe(false);
    expect(getMeterState({ value: 0 }).thresholdPercent).toBeNull();
  });

  it('is empty for null, undefined and non-finite values', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(getMeterState({ value, threshold: 70 })).toMatchObject({
        isEmpty: true,
        value: null,
        percent: 0,
        isLagging: false,
      });
    }
  });

  it('falls back to 100 for a maximum that is not a positive number', () => {
    expect(getMeterState({ value: 50, max: 0 })).toMatchObject({ max: 100, percent: 50 });
  });
});

describe('Meter', () => {
  it('exposes a meter named by its label with the clamped value', () => {
    renderMeter({ label: 'Productivity', value: 120 });
    const meter = screen.getByRole('meter', { name: 'Productivity' });
    expect(meter).toHaveAttribute('aria-valuenow', '100');
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '100');
    expect(meter).toHaveAttribute('aria-valuetext', '100%');
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('shows the given value text and adds the lagging text to the accessible value', () => {
    renderMeter({
      label: 'Engagement',
      value: 6.5,
      max: 10,
      threshold: 7,
      valueText: '6.5 h',
      laggingText: 'Lagging',
    });
    const meter = screen.getByRole('meter', { name: 'Engagement' });
    expect(meter).toHaveAttribute('aria-valuemax', '10');
    expect(meter).toHaveAttribute('aria-valuetext', '6.5 h, Lagging');
    expect(screen.getByText('6.5 h')).toBeInTheDocument();
  });

  it('keeps one decimal in the default value text, so 69.9 does not read as 70', () => {
    renderMeter({ label: 'Mental', value: 69.94, threshold: 70 });
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', '69.9%');
  });

  it('marks 69.9 as lagging and 70 as not', () => {
    const { container, unmount } = renderMeter({ label: 'Mental', value: 69.9, threshold: 70 });
    expect(container.querySelector('[data-lagging]')).not.toBeNull();
    unmount();
    const again = renderMeter({ label: 'Mental', value: 70, threshold: 70 });
    expect(again.container.querySelector('[data-lagging]')).toBeNull();
  });

  it('draws the threshold marker at its position and fills the bar to the value', () => {
    const { container } = renderMeter({ label: 'Physical', value: 45, threshold: 70 });
    expect(container.querySelector('[data-part="marker"]')).toHaveStyle({ left: '70%' });
    expect(container.querySelector('[data-part="fill"]')).toHaveStyle({ width: '45%' });
  });

  it('shows the empty state as a labelled group without a value', () => {
    renderMeter({ label: 'Physical', value: null, threshold: 70 });
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.getByRole('group', { name: 'Physical' })).toHaveTextContent('—');
  });

  it('names the meter by its visible label', () => {
    renderMeter({ label: 'Productivity', value: 80, isLabelVisible: true });
    expect(screen.getByText('Productivity')).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Productivity' })).toBeInTheDocument();
  });
});
