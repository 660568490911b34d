import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { CoachUiProvider } from '../theme/index.ts';
import { Textarea } from './Textarea.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <CoachUiProvider>{children}</CoachUiProvider>
);

describe('Textarea', () => {
  it('links the label and describes the textarea by its helper and counter', () => {
    render(<Textarea label="Notes" helper="For the report" />, { wrapper });
    const textarea = screen.getByRole('textbox', { name: 'Notes' });
    expect(textarea).toHaveAccessibleDescription('For the report 0/500');
    expect(textarea).not.toHaveAttribute('aria-invalid');
  });

  it('counts the default value and what the user types when uncontrolled', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Textarea label="Notes" defaultValue="Hello" />, { wrapper });
    expect(screen.getByText('5/500')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), ' coach!');
    expect(screen.getByText('12/500')).toBeInTheDocument();
  });

  it('counts an emoji as one character, as the server does', () => {
    render(<Textarea label="Notes" value={'\u{1F600}'.repeat(3)} onChange={() => {}} />, {
      wrapper,
    });
    expect(screen.getByText('3/500')).toBeInTheDocument();
  });

  it('counts the value prop when controlled', () => {
    const { rerender } = render(<Textarea label="Notes" value="abc" onChange={() => {}} />, {
      wrapper,
    });
    expect(screen.getByText('3/500')).toBeInTheDocument();
    rerender(<Textarea label="Notes" value="abcdef" onChange={() => {}} />);
    expect(screen.getByText('6/500')).toBeInTheDocument();
  });

  it('calls onChange and keeps counting the controlled value only', async () => {
    const user = userEvent.setup({ delay: null });
    const handleChange = vi.fn();
    render(<Textarea label="Notes" value="abc" onChange={handleChange} />, { wrapper });
    await user.type(screen.getByRole('textbox'), 'd');
    expect(handleChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('3/500')).toBeInTheDocument();
  });

  it('uses the given maximum', () => {
    render(<Textarea label="Notes" defaultValue="abc" maxLength={10} />, { wrapper });
    expect(screen.getByText('3/10')).toBeInTheDocument();
  });

  it('lets the user type past the maximum and shows the count over it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Textarea label="Notes" defaultValue={'a'.repeat(500)} />, { wrapper });
    const textarea = screen.getByRole('textbox');
    expect(textarea).not.toHaveAttribute('maxlength');
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(screen.queryByText('Character limit exceeded')).not.toBeInTheDocument();
    await user.type(textarea, 'b');
    expect(textarea).toHaveValue(`${'a'.repeat(500)}b`);
    expect(screen.getByText('501/500')).toBeInTheDocument();
    expect(screen.getByText('Character limit exceeded')).toBeInTheDocument();
  });

  it('reads a value set on the element through the ref (react-hook-form register and reset)', () => {
    const ref = createRef<HTMLTextAreaElement>();
    const { rerender } = render(<Textarea label="Notes" ref={ref} />, { wrapper });
    expect(screen.getByText('0/500')).toBeInTheDocument();
    if (!ref.current) throw new Error('ref not set');
    expect(ref.current).toBeInstanceOf(HTMLTextAreaElement);
    ref.current.value = 'Set by reset()';
    rerender(<Textarea label="Notes" ref={ref} />);
    expect(screen.getByText('14/500')).toBeInTheDocument();
  });

  it('counts a value that a ref callback sets on mount', () => {
    const register = (element: HTMLTextAreaElement | null) => {
      if (element) element.value = 'From the form';
    };
    render(<Textarea label="Notes" ref={register} />, { wrapper });
    expect(screen.getByText('13/500')).toBeInTheDocument();
  });

  it('marks the textarea invalid and describes it by the error', () => {
    render(<Textarea label="Notes" error="Max 500 characters" />, { wrapper });
    const textarea = screen.getByRole('textbox', { name: 'Notes' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Max 500 characters 0/500');
  });
});
