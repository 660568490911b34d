import { HStack, Stack, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { LuSend } from 'react-icons/lu';
import { Button } from '../Button/index.ts';
import { countCharacters, Textarea } from '../Textarea/index.ts';
import { insertAtCaret } from './insertAtCaret.ts';
import { type QuickReply, QuickReplyMenu } from './QuickReplyMenu.tsx';

export type MessageComposerProps = {
  /** Called with the text (trimmed) on Send or Ctrl+Enter / Cmd+Enter. Resolved, the text is
   * cleared; rejected (a failed send), it is kept for a retry. */
  onSend: (text: string) => Promise<void> | void;
  /** The textarea's label ('Message'). */
  label: string;
  /** The Send button's label ('Send'). */
  sendLabel: string;
  /** Maximum number of characters: the counter shows it and Send is disabled beyond it. */
  maxLength: number;
  /** Shown in the empty textarea ('Write a message'). */
  placeholder?: string;
  /** Under the textarea, e.g. 'Ctrl+Enter to send'. */
  helper?: string;
  /** Announced once when the text goes over `maxLength`. */
  overLimitMessage?: string;
  /** Why the last send failed, from the parent (set it when `onSend` rejects, clear it on the
   * next send): shown under the textarea with a retry button. */
  error?: string;
  /** The retry button's label ('Try again'). */
  retryLabel?: string;
  /** Ready-made texts: a menu before Send inserts the chosen one at the caret. */
  quickReplies?: readonly QuickReply[];
  /** The quick replies button's label ('Insert quick reply'). */
  quickRepliesLabel?: string;
  /** Text to start with (a saved draft). */
  defaultValue?: string;
  /** Visible lines of the textarea. Defaults to 3. */
  rows?: number;
  /** Disables the whole composer (e.g. the conversation is closed). */
  disabled?: boolean;
};

/**
 * The message box of a conversation: the `Textarea` with its character counter, a Send button,
 * and an optional quick replies menu. Enter makes a new line; Ctrl+Enter (Cmd+Enter on a Mac)
 * sends. Send is disabled while the text is empty or blank, over the maximum, or being sent.
 */
export function MessageComposer({
  onSend,
  label,
  sendLabel,
  maxLength,
  placeholder,
  helper,
  overLimitMessage,
  error,
  retryLabel = 'Try again',
  quickReplies = [],
  quickRepliesLabel = 'Insert quick reply',
  defaultValue = '',
  rows = 3,
  disabled = false,
}: MessageComposerProps) {
  const [text, setText] = useState(defaultValue);
  const [isSending, setIsSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once the quick-reply menu has closed, after a reply was inserted. */
  const caretAfterReply = useRef<number | null>(null);
  const trimmed = text.trim();
  const canSend = !disabled && !isSending && trimmed !== '' && countCharacters(text) <= maxLength;

  const send = async () => {
    if (!canSend) return;
    setIsSending(true);
    try {
      await onSend(trimmed);
      setText('');
    } catch {
      // The parent says why through `error`; the text stays for the retry.
    } finally {
      setIsSending(false);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    void send();
  };

  const handleQuickReply = (reply: QuickReply) => {
    const textarea = textareaRef.current;
    const start = textarea?.selectionStart ?? text.length;
    const end = textarea?.selectionEnd ?? text.length;
    const next = insertAtCaret(text, reply.text, start, end);
    setText(next.text);
    caretAfterReply.current = next.caret;
  };

  // Once the menu has closed and its content has left the page (it gives the focus back to its
  // button on the way): back to the text, the caret after the inserted reply. Waiting for the
  // close's last step, not for a moment after the choice or its first step, keeps the focus in
  // the text whenever the steps of the close come (a CI run under load found the focus on the
  // page's body after a focus given at the menu's first closing step).
  const handleMenuClosed = () => {
    const caret = caretAfterReply.current;
    if (caret === null) return;
    caretAfterReply.current = null;
    setTimeout(() => {
      const textarea = textareaRef.current;
      textarea?.focus();
      textarea?.setSelectionRange(caret, caret);
    }, 0);
  };

  return (
    <Stack gap="2">
      <Textarea
        ref={textareaRef}
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        maxLength={maxLength}
        placeholder={placeholder}
        helper={helper}
        overLimitMessage={overLimitMessage}
        rows={rows}
        disabled={disabled}
        // While a send is on its way the text is what is being sent: it cannot change under it.
        readOnly={isSending}
      />
      {error && (
        <HStack role="alert" gap="3" color="error.fg" textStyle="sm" flexWrap="wrap">
          <Text>{error}</Text>
          <Button variant="link" size="sm" onClick={() => void send()} disabled={!canSend}>
            {retryLabel}
          </Button>
        </HStack>
      )}
      <HStack justifyContent="flex-end" gap="2">
        {quickReplies.length > 0 && (
          <QuickReplyMenu
            quickReplies={quickReplies}
            label={quickRepliesLabel}
            disabled={disabled || isSending}
            onChoose={handleQuickReply}
            onClosed={handleMenuClosed}
          />
        )}
        <Button
          onClick={() => void send()}
          disabled={!canSend}
          isLoading={isSending}
          icon={<LuSend aria-hidden />}
        >
          {sendLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
