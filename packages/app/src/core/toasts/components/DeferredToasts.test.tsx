import { toast } from '@coach/ui';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApi } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { createStore } from '../../../state/jotai.ts';
import { paths } from '../../navigation/index.ts';
import { type AuthStatus, authStatusAtom } from '../../session/index.ts';
import { DeferredToasts } from './DeferredToasts.tsx';
import { loadToastContainer } from './loadToastContainer.ts';

// The container's code, watched: whether the toasts were asked for is seen at once, no waiting.
vi.mock('./loadToastContainer.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./loadToastContainer.ts')>();
  return { loadToastContainer: vi.fn(original.loadToastContainer) };
});

function GoToPasswordReset() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(paths.changePassword)}>
      Forgot password?
    </button>
  );
}

function renderToasts(status: AuthStatus, route: string) {
  const store = createStore();
  store.set(authStatusAtom, status);
  const { api, tokens } = createTestApi();
  renderWithProviders(
    <>
      <GoToPasswordReset />
      <DeferredToasts />
    </>,
    { api, tokens, store, route },
  );
}

const region = () => screen.queryByLabelText('Notifications');

describe('DeferredToasts', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('leaves the toasts out of the sign-in screen, then shows a toast raised there once the coach moves on', async () => {
    renderToasts('signedOut', paths.root);
    act(() => {
      toast.success('Code sent');
    });
    // The container's code is not even asked for, so nothing can mount later; and nothing is
    // mounted now (an earlier load would show it at once).
    expect(loadToastContainer).not.toHaveBeenCalled();
    expect(region()).not.toBeInTheDocument();
    expect(screen.queryByText('Code sent')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code sent');
    expect(region()).toContainElement(screen.getByRole('status'));
    expect(loadToastContainer).toHaveBeenCalledOnce();
  });

  it('shows the toasts of a signed-in coach', async () => {
    renderToasts('signedIn', paths.root);
    act(() => {
      toast.error('Could not save');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');
  });

  it('shows the toasts of another signed-out screen at once', async () => {
    renderToasts('signedOut', paths.changePassword);
    act(() => {
      toast.info('Check your mail');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Check your mail');
  });
});
