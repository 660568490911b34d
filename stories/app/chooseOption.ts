import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

/**
 * Opens the select `trigger` (named `label`), waits for `option` in its portalled list to be
 * visible (the list animates in) and clicks it; the option, for what the story checks next.
 */
export async function chooseOption(trigger: HTMLElement, label: string, option: string) {
  await userEvent.click(trigger);
  const list = await screen.findByRole('listbox', { name: label });
  const item = within(list).getByRole('option', { name: option });
  await waitFor(() => expect(item).toBeVisible());
  await userEvent.click(item);
  return item;
}
