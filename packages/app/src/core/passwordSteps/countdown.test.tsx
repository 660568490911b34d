import { CoachUiProvider } from '@coach/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/testI18n.ts';
import { ResendCode } from './components/ResendCode.tsx';
import { formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [60, '1:00'],
    [59, '0:59'],
    [5, '0:05'],
    [0, '0:00'],
    [125, '2:05'],
  ])('shows %i seconds as %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

describe('ResendCode', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function renderResend(onResend: () => Promise<boolean>) {
    render(
      <CoachUiProvider>
        <I18nextProvider i18n={createTestI18n()}>
          <ResendCode onResend={onResend} />
        </I18nextProvider>
      </CoachUiProvider>,
    );
    return { link: () => screen.queryByRole('button', { name: 'send me a new code' }) };
  }

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  // Testing Library's waiting helpers do not see Vitest's fake timers: click, then let the
  // resend's promise settle inside act.
  const click = async (element: HTMLElement) => {
    await act(async () => {
      fireEvent.click(element);
    });
  };

  it("counts 'resend code in m:ss' down from 1:00 after a resend, then the link returns", async () => {
    const onResend = vi.fn(() => Promise.resolve(true));
    const { link } = renderResend(onResend);
    const button = link();
    if (!button) throw new Error('The link is missing');
    await click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByText('resend code in 1:00')).toBeInTheDocument();
    expect(link()).not.toBeInTheDocument();

    advance(1000);
    expect(screen.getByText('resend code in 0:59')).toBeInTheDocument();
    advance(54_000);
    expect(screen.getByText('resend code in 0:05')).toBeInTheDocument();
    advance(4_999);
    expect(screen.getByText('resend code in 0:01')).toBeInTheDocument();
    // At 0:00 the countdown is over: the link is back instead.
    advance(1);
    expect(screen.queryByText(/resend code in/)).not.toBeInTheDocument();
    expect(link()).toBeInTheDocument();
  });

  it('keeps the link when the resend failed', async () => {
    const { link } = renderResend(() => Promise.resolve(false));
    const button = link();
    if (!button) throw new Error('The link is missing');
    await click(button);
    expect(link()).toBeInTheDocument();
    expect(screen.queryByText(/resend code in/)).not.toBeInTheDocument();
  });
});
