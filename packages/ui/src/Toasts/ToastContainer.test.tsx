import { act, render, screen } from '@testing-library/react';
import { toast as toastify } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { ToastContainer } from './ToastContainer.tsx';
import { toast } from './toast.ts';

const renderContainer = () =>
  render(
    <CoachUiProvider>
      <ToastContainer />
    </CoachUiProvider>,
  );

describe('ToastContainer', () => {
  afterEach(() => {
    act(() => toastify.dismiss());
  });

  it('shows a success toast as a status, without a close button or progress bar', async () => {
    renderContainer();
    act(() => {
      toast.success('Profile successfully edited');
    });

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Profile successfully edited');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows an error toast as an alert', async () => {
    renderContainer();
    act(() => {
      toast.error('Something went wrong');
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('places toasts at the top centre inside a named notifications region', async () => {
    renderContainer();
    act(() => {
      toast.info('New message');
    });

    const status = await screen.findByRole('status');
    expect(screen.getByLabelText('Notifications')).toContainElement(status);
    expect(status.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-center',
    );
  });
});
