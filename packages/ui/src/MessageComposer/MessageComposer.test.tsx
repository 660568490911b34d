import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { CoachUiProvider } from '../theme/index.ts';
import { insertAtCaret } from './insertAtCaret.ts';
import { MessageComposer, type MessageComposerProps } from './MessageComposer.tsx';

const wrapper = ({ children }: { children: ReactNode }) => (
  <CoachUiProvider>{children}</CoachUiProvider>
);

function renderComposer(props: Partial<MessageComposerProps> = {}) {
  const onSend = vi.fn<MessageComposerProps['onSend']>(() => Promise.resolve());
  render(
    <MessageComposer onSend={onSend} label="Message" sendLabel="Send" maxLength={20} {...props} />,
    { wrapper },
  );
  return {
    onSend: (props.onSend as typeof onSend | undefined) ?? onSend,
    textbox: screen.getByRole('textbox', { name: 'Message' }),
    sendButton: () => screen.getByRole('button', { name: /Send/ }),
  };
}

describe('MessageComposer', () => {
  it('sends on Ctrl+Enter and on Cmd+Enter, and clears the text once sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, textbox } = renderComposer();
    await user.type(textbox, 'Hello Anna');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledWith('Hello Anna');
    await waitFor(() => expect(textbox).toHaveValue(''));
    await user.type(textbox, 'Again');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSend).toHaveBeenLastCalledWith('Again');
  });

  it('makes a new line on plain Enter without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, textbox } = renderComposer();
    await user.type(textbox, 'Line one{Enter}Line two');
    expect(textbox).toHaveValue('Line one\nLine two');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('disables Send while the text is empty or only spaces, and Ctrl+Enter sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, textbox, sendButton } = renderComposer();
    expect(sendButton()).toBeDisabled();
    await user.type(textbox, '   {Enter}  ');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('disables Send over the maximum length, counting an emoji as one character', async () => {
    const user = userEvent.setup({ delay: null });
    const { textbox, sendButton } = renderComposer({ maxLength: 5 });
    await user.type(textbox, '\u{1F600}'.repeat(5));
    expect(sendButton()).toBeEnabled();
    await user.type(textbox, 'x');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText('6/5')).toBeInTheDocument();
  });

  it('sends the text trimmed', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, textbox, sendButton } = renderComposer();
    await user.type(textbox, '  Hi  ');
    await user.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('Hi');
  });

  it('keeps the text when the send fails, and sends it again from the retry', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi
      .fn<MessageComposerProps['onSend']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(undefined);
    const { textbox, sendButton } = renderComposer({
      onSend,
      error: 'Not sent. Check your connection.',
      retryLabel: 'Try again',
    });
    await user.type(textbox, 'See you Friday');
    await user.click(sendButton());
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(textbox).toHaveValue('See you Friday');
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent. Check your connection.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(onSend).toHaveBeenLastCalledWith('See you Friday');
    await waitFor(() => expect(textbox).toHaveValue(''));
  });

  it('shows the sending state and does not send twice while a send is on its way', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { textbox, sendButton } = renderComposer({ onSend });
    await user.type(textbox, 'Hello');
    await user.click(sendButton());
    expect(sendButton()).toBeDisabled();
    expect(textbox).toHaveAttribute('readonly');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(textbox).toHaveValue(''));
  });

  // Choosing from the menu runs in Chromium: the story QuickReplies (jsdom does not drive zag's
  // menu); here the insertion itself.
  it('puts a quick reply in place of the selection, caret after it', () => {
    expect(insertAtCaret('Anna, see you', 'thank you, ', 6, 6)).toEqual({
      text: 'Anna, thank you, see you',
      caret: 17,
    });
    expect(insertAtCaret('Hi XX!', 'Anna', 3, 5)).toEqual({ text: 'Hi Anna!', caret: 7 });
    expect(insertAtCaret('', 'Hello', 0, 0)).toEqual({ text: 'Hello', caret: 5 });
  });
});
