import { Stack, Text } from '@chakra-ui/react';
import { Button, Modal } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { renderBehindTrigger } from './fixtures/DialogTrigger.tsx';
import { showState } from './fixtures/interactionStates.tsx';
import { findOpenDialog } from './fixtures/openDialog.ts';
import { ownFrame } from './fixtures/ownFrame.ts';

const modalTitle = 'Change journey phase';

const paragraph =
  'Once changing journey phase, you can not return the old one. The client starts the next ' +
  'phase tomorrow morning in their own timezone, with the goals and the breathing rate you ' +
  'choose here. Their reflections and exercises of the current phase stay in their history.';

const meta = {
  title: 'UI/Modal',
  component: Modal,
  tags: ['autodocs', 'status:stable'],
  args: {
    isOpen: false,
    onClose: fn(),
    title: modalTitle,
    children: <Text>{paragraph}</Text>,
  },
  argTypes: {
    title: { control: 'text' },
    children: { control: false },
    footer: { control: false },
    initialFocusRef: { control: false },
  },
  // On the Docs page each story shows in a frame of its own, an open modal over its own button
  // rather than over the page and its prop table; the Playground, which the page's controls
  // drive, shows in the page (see renderBehindTrigger).
  parameters: { docs: { story: ownFrame(640) } },
  render: renderBehindTrigger('Change phase', Modal),
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The nearest ancestor that scrolls its content. */
function scrollParentOf(element: HTMLElement): HTMLElement {
  let current = element.parentElement;
  while (current && !['auto', 'scroll'].includes(getComputedStyle(current).overflowY)) {
    current = current.parentElement;
  }
  if (!current) throw new Error('no scrolling ancestor');
  return current;
}

async function openModal(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole('button', { name: 'Change phase' });
  await userEvent.click(trigger);
  const dialog = await findOpenDialog(modalTitle);
  // Focus moves into the dialog on the next frame.
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return { trigger, dialog };
}

/** Every prop in the controls: open it with `isOpen` or the button, try the sizes and titles. */
export const Playground: Story = {
  args: { isOpen: true, size: 'md', closeLabel: 'Close' },
  // In the Docs page itself, where its controls reach it (they cannot reach a frame).
  parameters: { docs: { story: { inline: true } } },
};

/** Escape closes the modal and focus goes back to the button that opened it. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const { trigger, dialog } = await openModal(canvasElement);
    await expect(dialog).toHaveAttribute('aria-modal', 'true');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A click on the dimmed backdrop, outside the dialog, closes it. */
export const ClosesOnBackdropClick: Story = {
  play: async ({ args, canvasElement }) => {
    const { trigger, dialog } = await openModal(canvasElement);
    // Whatever a real click in the top-left corner, on the dimmed backdrop, would hit.
    const outside = document.elementFromPoint(4, 4) as HTMLElement;
    await expect(dialog).not.toContainElement(outside);
    await userEvent.click(outside);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** The close icon button closes it; Tab cycles inside the dialog. */
export const ClosesOnCloseButton: Story = {
  args: {
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Change phase to Sense</Button>
      </>
    ),
  },
  play: async ({ args, canvasElement }) => {
    const { trigger, dialog } = await openModal(canvasElement);
    const modal = within(dialog);
    for (let step = 0; step < 4; step += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.click(modal.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/**
 * Open with a footer: dimmed backdrop, title, body, Cancel and the main action; focus starts on
 * the first button of the footer (its keyboard ring).
 */
export const Open: Story = {
  args: {
    isOpen: true,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Change phase to Sense</Button>
      </>
    ),
  },
  play: async () => {
    const dialog = await findOpenDialog(modalTitle);
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

/** Content taller than the screen scrolls inside the dialog body; the header stays. */
export const LongContent: Story = {
  args: {
    isOpen: true,
    children: (
      <Stack gap="4">
        {Array.from({ length: 14 }, (_, index) => (
          <Text key={index}>{paragraph}</Text>
        ))}
      </Stack>
    ),
    footer: <Button>Done</Button>,
  },
  play: async () => {
    const dialog = await findOpenDialog(modalTitle);
    const body = scrollParentOf(within(dialog).getAllByText(paragraph)[0] as HTMLElement);
    await expect(dialog).toContainElement(body);
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    // A scrolling body is a named tab stop, so keyboard users can scroll it too.
    await waitFor(() => expect(body).toHaveAttribute('tabindex', '0'));
    await expect(body).toHaveAccessibleName('Change journey phase');
    body.scrollTop = body.scrollHeight;
    await waitFor(() => expect(body.scrollTop).toBeGreaterThan(0));
    await expect(
      within(dialog).getByRole('heading', { name: 'Change journey phase' }),
    ).toBeVisible();
    // Where focus lands first depends on when the body turns scrollable: settle it for the shot.
    within(dialog).getByRole('button', { name: 'Done' }).focus();
  },
};

/** A title longer than a line wraps and keeps clear of the close button. */
export const LongTitle: Story = {
  args: {
    isOpen: true,
    title:
      'Change the journey phase of Maria Alexandra Konstantina Bartholomew-Vandenberghe from Sense to Grow',
  },
  play: async () => {
    await expect(await findOpenDialog(/Change the journey phase of Maria/)).toBeVisible();
  },
};

/** The close button's accessible name passed in (the app passes a translated one). */
export const CustomCloseLabel: Story = {
  args: { isOpen: true, closeLabel: 'Close the phase dialog' },
  play: async () => {
    const dialog = await findOpenDialog(modalTitle);
    await expect(
      within(dialog).getByRole('button', { name: 'Close the phase dialog' }),
    ).toBeVisible();
  },
};

/**
 * Size `xs`: the body wraps in a narrow dialog. Without a footer, focus starts on the close button,
 * which shows its keyboard focus ring.
 */
export const Narrow: Story = {
  args: { isOpen: true, size: 'xs' },
};

/** Size `xl`: the widest dialog short of `full`; the text runs in long lines. */
export const Wide: Story = {
  args: { isOpen: true, size: 'xl' },
};

/**
 * The close button hovered (grey background). Focus is on Cancel, where it lands when a modal
 * with a footer opens.
 */
export const CloseButtonHover: Story = {
  args: Open.args,
  play: async () => {
    const dialog = await findOpenDialog(modalTitle);
    showState(within(dialog).getByRole('button', { name: 'Close' }), 'hover');
  },
};
