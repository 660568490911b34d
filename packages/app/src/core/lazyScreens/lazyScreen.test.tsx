import { CoachUiProvider } from '@coach/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { act, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/testI18n.ts';
import { ScreenLoadError } from './components/ScreenLoadError.tsx';
import { LazyScreen, lazyScreen } from './lazyScreen.tsx';
import { SCREEN_LOAD_TIMEOUT_MS, withTimeout } from './withTimeout.ts';

function Ready() {
  return <h1>Ready screen</h1>;
}

const wrap = (ui: ReactNode) => (
  <CoachUiProvider>
    <I18nextProvider i18n={createTestI18n()}>{ui}</I18nextProvider>
  </CoachUiProvider>
);

const flush = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

describe('lazyScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the loading placeholder, then the screen', async () => {
    let resolve!: (module: { default: typeof Ready }) => void;
    const loader = lazyScreen(
      () => new Promise<{ default: typeof Ready }>((done) => (resolve = done)),
    );
    render(wrap(<LazyScreen screen={loader} />));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => resolve({ default: Ready }));
    expect(screen.getByRole('heading', { name: 'Ready screen' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the code fails to load, and the retry loads it', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Ready }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Ready });
    const loader = lazyScreen(load);
    render(wrap(<LazyScreen screen={loader} />));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('This screen could not be loaded');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Ready screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('offers a reload of the page when the code fails online (a new deployment), and reloads', async () => {
    const onReload = vi.fn();
    render(wrap(<ScreenLoadError isTimeout={false} onRetry={() => {}} onReload={onReload} />));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Coach may have been updated since this page was opened. Reload the page to get the new version.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('offers the reload beside the retry of a failed screen, and retries on its own once online', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Ready }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Ready });
    render(wrap(<LazyScreen screen={lazyScreen(load)} />));
    await flush();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await flush();
    expect(screen.getByRole('heading', { name: 'Ready screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after 120 s with a timeout error, not a blank page', async () => {
    const loader = lazyScreen(() => new Promise<{ default: typeof Ready }>(() => {}));
    render(wrap(<LazyScreen screen={loader} />));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SCREEN_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('This screen is taking too long to load');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('preloads the code once before the screen shows, and again after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Ready }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Ready });
    const loader = lazyScreen(load);
    loader.preload();
    await flush();
    loader.preload();
    loader.preload();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    render(wrap(<LazyScreen screen={loader} />));
    await flush();
    expect(screen.getByRole('heading', { name: 'Ready screen' })).toBeInTheDocument();
  });

  it('shows a preloaded screen at once, without a loading placeholder', async () => {
    const loader = lazyScreen(async () => ({ default: Ready }));
    loader.preload();
    await flush();
    render(wrap(<LazyScreen screen={loader} />));
    expect(screen.getByRole('heading', { name: 'Ready screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('leaves the placeholder to the page, layout included, when loaded with its layout', async () => {
    let resolve!: (module: { default: typeof Ready }) => void;
    const loader = lazyScreen(
      () => new Promise<{ default: typeof Ready }>((done) => (resolve = done)),
    );
    render(
      wrap(
        <Suspense fallback={<p>Page loading</p>}>
          <section aria-label="Card">
            <LazyScreen screen={loader} isLoadedWithLayout />
          </section>
        </Suspense>,
      ),
    );
    expect(screen.getByText('Page loading')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Card' })).not.toBeInTheDocument();
    await act(async () => resolve({ default: Ready }));
    expect(screen.getByRole('region', { name: 'Card' })).toContainElement(
      screen.getByRole('heading', { name: 'Ready screen' }),
    );
  });
});

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a value through in time and clears its timer', async () => {
    await expect(withTimeout(Promise.resolve(7), 10)).resolves.toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects once the time is up', async () => {
    const pending = withTimeout(new Promise(() => {}), 10);
    const assertion = expect(pending).rejects.toThrow('did not load within 10 ms');
    await vi.advanceTimersByTimeAsync(10);
    await assertion;
  });
});
