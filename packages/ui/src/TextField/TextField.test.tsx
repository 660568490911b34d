import { render, screen } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { CoachUiProvider } from '../theme/index.ts';
import { TextField } from './TextField.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <CoachUiProvider>{children}</CoachUiProvider>
);

describe('TextField', () => {
  it('links its label, helper and error to the input', () => {
    render(<TextField label="Email" helper="Work address" error="Email is required" />, {
      wrapper,
    });
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required Work address');
  });

  it('keeps a caller id and a caller aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra hint</p>
        <TextField label="Email" id="email" aria-describedby="extra" />
      </>,
      { wrapper },
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('id', 'email');
    expect(input).toHaveAccessibleDescription('Extra hint');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('forwards the ref and native props to the input', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField ref={ref} label="Email" type="email" name="email" defaultValue="a@b.c" />, {
      wrapper,
    });
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Email' }));
    expect(ref.current).toHaveAttribute('type', 'email');
    expect(ref.current).toHaveAttribute('name', 'email');
    expect(ref.current).toHaveValue('a@b.c');
  });
});
