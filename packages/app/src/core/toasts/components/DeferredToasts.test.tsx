import { toast } from '@coach/ui';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../routes/paths.ts';
import { createStore } from '../../../state/jotai.ts';
import { createTestApi } from '../../../test/mockApi.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { type AuthStatus, authStatusAtom } from '../../session/index.ts';
import { DeferredToasts } from './DeferredToasts.tsx';

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
    // Give a lazy load every chance to happen: nothing should be mounted.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(region()).not.toBeInTheDocument();
    expect(screen.queryByText('Code sent')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code sent');
    expect(region()).toContainElement(screen.getByRole('status'));
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
