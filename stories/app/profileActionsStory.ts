import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

/** Waits until the open or close animations have finished, as a user would before clicking. */
export async function animationsSettled() {
  await waitFor(() =>
    expect(
      document.getAnimations().filter((animation) => animation.playState === 'running'),
    ).toHaveLength(0),
  );
}

/** Opens a modal by its button and answers it (portalled out of the story's root). */
export async function openModal(canvasElement: HTMLElement, button: string, title: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await animationsSettled();
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
