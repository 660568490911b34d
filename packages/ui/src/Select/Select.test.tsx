import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { CoachUiProvider } from '../theme/index.ts';
import { Select } from './Select.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <CoachUiProvider>{children}</CoachUiProvider>
);

const items = [
  { value: 'learn', label: 'Learn' },
  { value: 'energy', label: 'Energy' },
  { value: 'focus', label: 'Focus' },
  { value: 'calm', label: 'Calm' },
];

describe('Select', () => {
  it('chooses one value and closes the list', async () => {
    const user = userEvent.setup({ delay: null });
    const handleValueChange = vi.fn();
    render(<Select label="Goal" items={items} onValueChange={handleValueChange} />, { wrapper });
    const trigger = screen.getByRole('combobox', { name: 'Goal' });

    await user.click(trigger);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Focus' }),
    );
    expect(handleValueChange).toHaveBeenLastCalledWith('focus');
    expect(trigger).toHaveTextContent('Focus');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('with multiple, chooses two values, lists them and reports them in the items order', async () => {
    const user = userEvent.setup({ delay: null });
    const handleValuesChange = vi.fn();
    render(
      <Select
        multiple
        label="Goal choices"
        placeholder="Select goal choices"
        items={items}
        name="goalChoices"
        onValuesChange={handleValuesChange}
      />,
      { wrapper },
    );
    const trigger = screen.getByRole('combobox', { name: 'Goal choices' });
    expect(trigger).toHaveTextContent('Select goal choices');

    await user.click(trigger);
    const listbox = await screen.findByRole('listbox', { name: 'Goal choices' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await user.click(within(listbox).getByRole('option', { name: 'Calm' }));
    expect(handleValuesChange).toHaveBeenLastCalledWith(['calm']);
    // The list stays open for the next choice.
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(listbox).getByRole('option', { name: 'Energy' }));
    expect(handleValuesChange).toHaveBeenLastCalledWith(['energy', 'calm']);
    // The select's machine tells the change before React renders it: on a loaded machine (the
    // gate's stories beside), the options' marks came after the click had returned.
    await waitFor(() => {
      expect(within(listbox).getByRole('option', { name: 'Calm' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(within(listbox).getByRole('option', { name: 'Energy' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // Listed in the items' order, not the clicking order.
      expect(trigger).toHaveTextContent('Energy, Calm');
    });
    // The form's own select follows after the machine's effects have run, so a form
    // submitted from here reads both choices.
    const hidden = document.querySelector<HTMLSelectElement>('select[name="goalChoices"]');
    await waitFor(() =>
      expect([...(hidden?.selectedOptions ?? [])].map((option) => option.value).sort()).toEqual([
        'calm',
        'energy',
      ]),
    );

    await user.click(within(listbox).getByRole('option', { name: 'Calm' }));
    expect(handleValuesChange).toHaveBeenLastCalledWith(['energy']);
    expect(trigger).toHaveTextContent('Energy');
  });

  it('with multiple, shows the controlled values', () => {
    render(<Select multiple label="Goal choices" items={items} values={['focus', 'learn']} />, {
      wrapper,
    });
    expect(screen.getByRole('combobox', { name: 'Goal choices' })).toHaveTextContent(
      'Learn, Focus',
    );
  });
});
