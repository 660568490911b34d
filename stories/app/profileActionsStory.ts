import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { findOpenDialog } from '../ui/fixtures/openDialog.ts';

/** Opens a modal by its button and answers it (portalled out of the story's root). */
export async function openModal(canvasElement: HTMLElement, button: string, title: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: button }));
  const dialog = await findOpenDialog(title);
  return { canvas, dialog, modal: within(dialog) };
}

/** The modal has closed. */
export const dialogClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

/** A section (a region named by its heading) once it has loaded. */
export async function loadedSection(canvasElement: HTMLElement, name: string) {
  const section = await within(canvasElement).findByRole('region', { name });
  await waitFor(() => expect(section).not.toHaveAttribute('aria-busy'));
  return within(section);
}
