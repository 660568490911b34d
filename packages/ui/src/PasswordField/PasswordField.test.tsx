import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { CoachUiProvider } from '../theme/index.ts';
import { PasswordField } from './PasswordField.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <CoachUiProvider>{children}</CoachUiProvider>
);

describe('PasswordField', () => {
  it('flips the input between password and text with the toggle', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PasswordField label="Password" defaultValue="Coach123!" />, { wrapper });
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(input).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    await user.click(hide);
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(input).toHaveValue('Coach123!');
  });

  it('uses the given toggle labels', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PasswordField label="Password" showLabel="Reveal" hideLabel="Conceal" />, {
      wrapper,
    });
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(screen.getByRole('button', { name: 'Conceal' })).toBeInTheDocument();
  });

  it('does not submit the form when toggled', async () => {
    const user = userEvent.setup({ delay: null });
    const handleSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => handleSubmit(event.nativeEvent as SubmitEvent)}>
        <PasswordField label="Password" />
      </form>,
      { wrapper },
    );
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(handleSubmit).not.toHaveBeenCalled();
  });

  it('forwards the ref, name and handlers to the native input', async () => {
    const user = userEvent.setup({ delay: null });
    const ref = createRef<HTMLInputElement>();
    const handleChange = vi.fn();
    const handleBlur = vi.fn();
    render(
      <PasswordField
        ref={ref}
        label="Password"
        name="password"
        onChange={handleChange}
        onBlur={handleBlur}
      />,
      { wrapper },
    );
    expect(ref.current).toBe(screen.getByLabelText('Password'));
    expect(ref.current).toHaveAttribute('name', 'password');
    await user.type(screen.getByLabelText('Password'), 'ab');
    await user.tab();
    expect(handleChange).toHaveBeenCalledTimes(2);
    expect(handleBlur).toHaveBeenCalledTimes(1);
  });

  it('shows the error and marks the input invalid', () => {
    render(<PasswordField label="Password" error="Password is required" />, { wrapper });
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Password is required');
  });

  it('disables the toggle with the field', () => {
    render(<PasswordField label="Password" disabled />, { wrapper });
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
  });
});
