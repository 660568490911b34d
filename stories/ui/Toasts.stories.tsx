import { HStack } from '@chakra-ui/react';
import { Button, ToastContainer, type ToastType, toast } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';

const messages: Record<ToastType, string> = {
  info: 'Your report is being generated',
  success: 'Profile successfully edited',
  error: 'Something went wrong, please try again',
};

/** Buttons raising toasts in the container that the Storybook preview mounts once. */
function ToastTrigger() {
  return (
    <HStack gap="4" flexWrap="wrap" marginBlockStart="56">
      <Button variant="secondary" onClick={() => toast.info(messages.info)}>
        Show info
      </Button>
      <Button variant="secondary" onClick={() => toast.success(messages.success)}>
        Show success
      </Button>
      <Button variant="secondary" onClick={() => toast.error(messages.error)}>
        Show error
      </Button>
    </HStack>
  );
}

const meta = {
  title: 'UI/Toasts',
  component: ToastContainer,
  tags: ['autodocs', 'status:stable'],
  args: { 'aria-label': 'Notifications' },
  // The container of these stories is the one the controls set up, in place of the app's that
  // the preview renders for every other story.
  render: (args) => (
    <>
      <ToastTrigger />
      <ToastContainer {...args} />
    </>
  ),
  parameters: {
    appToasts: false,
    docs: {
      description: {
        component: [
          'Short notices at the top of the screen: full width, closed after 3 s, paused while the',
          'pointer is on them, no close button and no progress bar (the product decisions).',
          '',
          'Render `<ToastContainer />` once near the root of the app, then raise toasts from',
          'anywhere with `toast`:',
          '',
          '```tsx',
          "import { toast } from '@coach/ui';",
          '',
          "toast.success('Profile successfully edited'); // announced politely (role status)",
          "toast.info('Your report is being generated'); // announced politely (role status)",
          "toast.error('Something went wrong, please try again'); // interrupts (role alert)",
          "const id = toast.info('Uploading…', { toastId: 'upload' }); // an id avoids duplicates",
          'toast.dismiss(id); // closes one toast; toast.dismiss() closes all',
          '```',
          '',
          'Each helper returns the toast id; its options go through to react-toastify (without',
          '`type`, which the helper sets).',
        ].join('\n'),
      },
    },
  },
} satisfies Meta<typeof ToastContainer>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = within(document.body);

/** Raises a toast with the button and checks how it looks, then that it closes by itself. */
const raiseAndCheck = async (canvasElement: HTMLElement, type: ToastType, role: string) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: `Show ${type}` }));

  const shown = await page.findByRole(role, {}, { timeout: 2000 });
  await expect(shown).toHaveTextContent(messages[type]);
  await expect(within(shown).queryByRole('button')).toBeNull();
  await expect(page.queryByRole('progressbar')).toBeNull();
  // The hidden progress bar carries the auto-close delay react-toastify was configured with.
  const timer = shown.querySelector<HTMLElement>('.Toastify__progress-bar');
  await expect(timer?.style.animationDuration).toBe('3000ms');

  // Top centre, spanning (almost) the whole width of the page.
  const box = shown.getBoundingClientRect();
  await expect(box.top).toBeLessThan(window.innerHeight / 4);
  await expect(box.width).toBeGreaterThan(window.innerWidth * 0.9);
  await expect(Math.abs(box.left - (window.innerWidth - box.right))).toBeLessThan(2);

  await waitFor(() => expect(page.queryByText(messages[type])).toBeNull(), { timeout: 6000 });
};

type ToastPlaygroundArgs = { type: ToastType; message: string; autoClose: number | false };

/**
 * `toast` in the controls: choose the type and the message, then press the button. `autoClose`
 * (react-toastify's option, milliseconds or false) overrides the container's 3 s.
 */
export const Playground: StoryObj<ToastPlaygroundArgs> = {
  args: { type: 'success', message: messages.success, autoClose: 3000 },
  argTypes: {
    // The story's own args, not props: what a call of `toast` takes.
    type: {
      control: 'inline-radio',
      options: ['info', 'success', 'error'],
      description: 'Which helper raises it: `toast.info`, `toast.success` or `toast.error`.',
    },
    message: { control: 'text', description: 'The text of the toast (its first argument).' },
    autoClose: {
      control: 'number',
      description: "react-toastify's option: milliseconds before it closes, or false to keep it.",
    },
  },
  render: ({ type, message, autoClose }) => (
    <>
      <Button variant="secondary" onClick={() => toast[type](message, { autoClose })}>
        Show toast
      </Button>
      <ToastContainer />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Show toast' })).toBeVisible();
  },
};

/**
 * `toast.info`: a neutral notice, info icon on the accent tint, announced politely (role status);
 * the play checks its place and width, then that it closes by itself after 3 s.
 */
export const Info: Story = {
  // A name other than the container's default, so the check below sees the control reach it.
  args: { 'aria-label': 'Coach notifications' },
  play: async ({ args, canvasElement }) => {
    // The container's region, named by the `aria-label` control.
    await expect(page.getByRole('region', { name: args['aria-label'] })).toBeInTheDocument();
    await raiseAndCheck(canvasElement, 'info', 'status');
  },
};

/** `toast.success`: a completed action, check icon on the success tint, role status. */
export const Success: Story = {
  play: async ({ canvasElement }) => raiseAndCheck(canvasElement, 'success', 'status'),
};

/** `toast.error`: a failure, alert icon on the error tint; it interrupts a screen reader (role alert). */
export const ErrorToast: Story = {
  name: 'Error',
  play: async ({ canvasElement }) => raiseAndCheck(canvasElement, 'error', 'alert'),
};

/** Newest on top; the three types stay open (autoClose off) for review and the snapshot. */
export const Catalogue: Story = {
  play: async () => {
    toast.error(messages.error, { autoClose: false });
    toast.success(messages.success, { autoClose: false });
    toast.info(
      'A long message: the client accepted the invitation and the first journey phase, Learn, starts tomorrow morning in their own timezone',
      { autoClose: false },
    );
    await waitFor(() => expect(page.getAllByRole('status')).toHaveLength(2));
    const [newest] = page.getAllByRole('status');
    await expect(newest).toHaveTextContent('A long message');
    await expect(page.getByRole('alert')).toHaveTextContent(messages.error);
    // Let the entry animation finish so the snapshot is stable.
    await waitFor(() => expect(document.querySelector('.Toastify--animate')).toBeNull());
  },
};

/** On a narrow page the toasts still span the width. */
export const Narrow: Story = {
  parameters: { width: '20rem' },
  play: async ({ canvasElement }) => raiseAndCheck(canvasElement, 'success', 'status'),
};
