import { MessageComposer, type MessageComposerProps } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

const quickReplies = [
  { id: 'thanks', label: 'Thanks for the update', text: 'Thanks for the update, Anna! ' },
  { id: 'friday', label: 'See you on Friday', text: 'See you on Friday at 10:00.' },
  {
    id: 'sleep',
    label: 'Sleep reminder',
    text: 'Remember to log your sleep tonight, it helps us plan the next phase.',
  },
];

const meta = {
  title: 'UI/MessageComposer',
  component: MessageComposer,
  tags: ['autodocs', 'status:new'],
  args: {
    label: 'Message to Anna Smith',
    sendLabel: 'Send',
    placeholder: 'Write a message',
    helper: 'Ctrl+Enter to send',
    maxLength: 2000,
    overLimitMessage: 'Character limit exceeded',
    retryLabel: 'Try again',
    quickRepliesLabel: 'Insert quick reply',
    rows: 3,
    disabled: false,
    onSend: fn(() => Promise.resolve()),
  },
  argTypes: {
    // Typed by name.
    quickReplies: { control: false, table: { type: { summary: 'readonly QuickReply[]' } } },
    onSend: { control: false },
  },
  parameters: { width: '36rem' },
} satisfies Meta<typeof MessageComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

const textbox = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: 'Message to Anna Smith' });
const sendButton = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: /Send/ });

/** Nothing typed: Send is disabled, and stays so for spaces and blank lines. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    await expect(sendButton(canvasElement)).toBeDisabled();
    await userEvent.type(textbox(canvasElement), '   {Enter}  ');
    await expect(sendButton(canvasElement)).toBeDisabled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/**
 * Enter makes a new line; Ctrl+Enter (Cmd+Enter on a Mac) sends, and the box empties once the
 * message is sent. The second message stays typed, for the picture.
 */
export const Typing: Story = {
  play: async ({ args, canvasElement }) => {
    const box = textbox(canvasElement);
    await userEvent.type(box, 'Hi Anna,{Enter}how did the week go?');
    await expect(box).toHaveValue('Hi Anna,\nhow did the week go?');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(args.onSend).toHaveBeenCalledWith('Hi Anna,\nhow did the week go?');
    await waitFor(() => expect(box).toHaveValue(''));
    await userEvent.type(box, 'Remember Friday at 10:00.');
    await expect(sendButton(canvasElement)).toBeEnabled();
    await expect(within(canvasElement).getByText('25/2000')).toBeVisible();
  },
};

/** Over the maximum: the counter in the error colour, the limit announced, Send disabled. */
export const OverLimit: Story = {
  args: { maxLength: 100, defaultValue: 'Long notes about the week. '.repeat(4) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('108/100')).toBeVisible();
    await expect(sendButton(canvasElement)).toBeDisabled();
  },
};

/** While the message is on its way: Send shows a spinner, the text cannot change under it. */
export const Sending: Story = {
  args: {
    defaultValue: 'See you on Friday at 10:00.',
    onSend: fn(() => new Promise<void>(() => {})),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(sendButton(canvasElement));
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(sendButton(canvasElement)).toBeDisabled();
    await expect(textbox(canvasElement)).toHaveAttribute('readonly');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(args.onSend).toHaveBeenCalledTimes(1);
  },
};

/** The parent of the story: it says why the send failed, as the app does. */
function FailingComposer(props: MessageComposerProps) {
  const [error, setError] = useState<string>();
  return (
    <MessageComposer
      {...props}
      error={error}
      onSend={async (text) => {
        setError(undefined);
        try {
          await props.onSend(text);
        } catch (failure) {
          setError('Not sent: the connection was lost. Your message is kept.');
          throw failure;
        }
      }}
    />
  );
}

/** A failed send keeps the text and shows the parent's error with a retry, which sends it again. */
export const Failed: Story = {
  args: { onSend: fn(() => Promise.reject(new Error('offline'))) },
  render: (args) => <FailingComposer {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'How was your sleep last night?');
    await userEvent.click(sendButton(canvasElement));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/connection was lost/);
    await expect(textbox(canvasElement)).toHaveValue('How was your sleep last night?');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(args.onSend).toHaveBeenCalledTimes(2));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(textbox(canvasElement)).toHaveValue('How was your sleep last night?');
  },
};

/**
 * 'Insert quick reply' lists the coach's quick replies by label; the chosen one goes in at the
 * caret, and typing carries on after it.
 */
export const QuickReplies: Story = {
  args: { quickReplies },
  play: async ({ canvasElement }) => {
    const box = textbox(canvasElement) as HTMLTextAreaElement;
    await userEvent.type(box, 'Hello! Have a good week.');
    box.setSelectionRange(7, 7);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Insert quick reply' }),
    );
    const menu = await within(document.body).findByRole('menu');
    // As a mouse does: onto the item, where it is, then a click. (user-event's pointer is at
    // (0, 0) unless told, where the earlier clicks were: the menu reads no move, and after a focus
    // that left its modality 'virtual' the item is never highlighted and the menu closes with
    // nothing chosen: decision 114.)
    const item = within(menu).getByRole('menuitem', { name: 'See you on Friday' });
    const { x, y, width, height } = item.getBoundingClientRect();
    const coords = { clientX: x + width / 2, clientY: y + height / 2 };
    await userEvent.pointer([
      { target: item, coords },
      { keys: '[MouseLeft]', target: item, coords },
    ]);
    await waitFor(() => expect(box).toHaveFocus());
    // And it stays there once the menu has closed: nothing gives it back to the menu's button.
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(box).toHaveFocus();
    await expect(box).toHaveValue('Hello! See you on Friday at 10:00.Have a good week.');
    await userEvent.keyboard(' ');
    await expect(box).toHaveValue('Hello! See you on Friday at 10:00. Have a good week.');
  },
};

/**
 * Don't: leave out the helper. Enter makes a new line here, so nothing on screen tells the coach
 * that Ctrl+Enter sends: say it under the box, in the platform's words ('⌘+Enter to send' on a
 * Mac), as the other stories do.
 */
export const DontHideTheShortcut: Story = {
  name: 'Don’t: hide the shortcut',
  args: { helper: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/to send/)).toBeNull();
  },
};
