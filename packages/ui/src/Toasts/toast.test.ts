import { toast as toastify } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast.ts';

vi.mock('react-toastify', () => {
  const mock = Object.assign(
    vi.fn(() => 'toast-id'),
    { dismiss: vi.fn() },
  );
  return { toast: mock };
});

const toastifyMock = vi.mocked(toastify);

describe('toast helpers', () => {
  beforeEach(() => toastifyMock.mockClear());

  it.each([
    ['info', 'status'],
    ['success', 'status'],
    ['error', 'alert'],
  ] as const)('toast.%s raises a %s toast with the message and returns its id', (type, role) => {
    const id = toast[type]('Profile successfully edited');

    expect(id).toBe('toast-id');
    expect(toastifyMock).toHaveBeenCalledWith('Profile successfully edited', { role, type });
  });

  it('passes options through but keeps the type of the helper', () => {
    toast.error('Could not save', { toastId: 'save', autoClose: false });

    expect(toastifyMock).toHaveBeenCalledWith('Could not save', {
      role: 'alert',
      toastId: 'save',
      autoClose: false,
      type: 'error',
    });
  });

  it('dismisses a toast by id', () => {
    toast.dismiss('save');
    expect(toastifyMock.dismiss).toHaveBeenCalledWith('save');
  });
});
