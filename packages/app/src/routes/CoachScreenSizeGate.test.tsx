import { CoachUiProvider } from '@coach/ui';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/testI18n.ts';
import { CoachScreenSizeGate } from './CoachScreenSizeGate.tsx';

const initialSize = { width: window.innerWidth, height: window.innerHeight };

function setWindowSize(width: number, height: number) {
  act(() => {
    Object.assign(window, { innerWidth: width, innerHeight: height });
    window.dispatchEvent(new Event('resize'));
  });
}

function renderAt(route: string) {
  render(
    <CoachUiProvider>
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter initialEntries={[route]}>
          <CoachScreenSizeGate>
            <button type="button">The page</button>
          </CoachScreenSizeGate>
        </MemoryRouter>
      </I18nextProvider>
    </CoachUiProvider>,
  );
}

const blocked = 'Coach app is available for screens with higher resolution';

describe('CoachScreenSizeGate', () => {
  afterEach(() => setWindowSize(initialSize.width, initialSize.height));

  it("blocks the coach's screens on a phone-sized window", () => {
    setWindowSize(390, 844);
    renderAt('/clients');
    expect(screen.getByRole('alert', { name: blocked })).toBeInTheDocument();
  });

  it('lets an invitee use the invite page on a phone-sized window', () => {
    setWindowSize(390, 844);
    renderAt('/invite?token=abc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'The page' }).closest('[inert]')).toBeNull();
  });
});
