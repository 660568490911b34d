import { CoachUiProvider } from '@coach/ui';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../../test/testI18n.ts';
import { ScreenSizeGate } from './ScreenSizeGate.tsx';

function resizeTo(width: number, height: number) {
  act(() => {
    Object.assign(window, { innerWidth: width, innerHeight: height });
    window.dispatchEvent(new Event('resize'));
  });
}

function renderGate() {
  render(
    <CoachUiProvider>
      <I18nextProvider i18n={createTestI18n()}>
        <ScreenSizeGate>
          <button type="button">The app</button>
        </ScreenSizeGate>
      </I18nextProvider>
    </CoachUiProvider>,
  );
}

const higherResolution = 'Coach app is available for screens with higher resolution';
const landscape = 'Coach app is available in landscape mode';

describe('ScreenSizeGate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows resizes live', () => {
    resizeTo(1280, 800);
    renderGate();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    resizeTo(1003, 800);
    expect(screen.getByRole('alert', { name: higherResolution })).toBeInTheDocument();

    resizeTo(1920, 1080);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'The app' })).toBeInTheDocument();
  });

  it('asks a rotatable device held upright to turn to landscape', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(pointer: coarse)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    Object.defineProperty(window.screen, 'orientation', {
      configurable: true,
      value: new EventTarget(),
    });
    resizeTo(768, 1024);
    renderGate();
    expect(screen.getByRole('alert', { name: landscape })).toBeInTheDocument();
    resizeTo(1024, 768);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    Reflect.deleteProperty(window.screen, 'orientation');
  });
});
