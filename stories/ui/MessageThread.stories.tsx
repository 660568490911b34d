import { Button, MessageThread, type MessageThreadProps, type ThreadMessage } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createThreadMessages, threadMessage } from './fixtures/threadMessages.ts';

const you = { isOwn: true, authorLabel: 'You' } as const;
const yesterday = { day: '2026-03-09', dayLabel: 'Yesterday' } as const;

const twoDays: ThreadMessage[] = [
  threadMessage('1', 'Hi! How was the first week of the calm phase?', {
    ...you,
    ...yesterday,
    timeLabel: '18:02',
    status: 'read',
    statusLabel: 'Read',
  }),
  threadMessage('2', 'Good overall.\nI skipped two evening reflections though.', {
    ...yesterday,
    timeLabel: '19:40',
  }),
  threadMessage('3', '', { ...yesterday, timeLabel: '19:41', isDeleted: true }),
  threadMessage('4', 'No problem, pick them up again tonight.', {
    ...you,
    timeLabel: '08:15',
    status: 'read',
    statusLabel: 'Read',
  }),
  threadMessage('5', 'Will do. Can we talk on Friday?', { timeLabel: '08:31' }),
  threadMessage('6', 'Of course, 10:00?', {
    ...you,
    timeLabel: '08:33',
    status: 'sent',
    statusLabel: 'Sent',
  }),
];

const longWord = `https://example.com/${'a'.repeat(300)}`;
const hostile: ThreadMessage[] = [
  threadMessage('long', `${'Twenty-three characters. '.repeat(80)}`.slice(0, 2000), {
    timeLabel: '09:00',
  }),
  threadMessage('word', longWord, {
    ...you,
    timeLabel: '09:01',
    status: 'read',
    statusLabel: 'Read',
  }),
  threadMessage('html', '<img src=x onerror="alert(1)"><b>bold?</b> <script>alert(2)</script>', {
    timeLabel: '09:02',
  }),
  threadMessage('markdown', '**not bold** _not italic_ [click me](javascript:alert(3))', {
    timeLabel: '09:03',
  }),
  threadMessage('link', 'javascript:alert(document.cookie)', { timeLabel: '09:04' }),
  // The caller's rule (the domain's shownMessageText) removed the right-to-left override
  // (U+202E) from 'invoice\u202Efdp.exe' and showed a bell character (U+0007) as U+FFFD: this
  // is what reaches the component.
  threadMessage('bidi', 'invoicefdp.exe \uFFFD', { timeLabel: '09:05' }),
];

// In Spanish throughout, as the app passes a Spanish coach's labels: the day, the authors, the
// statuses.
const hoy = { dayLabel: 'Hoy' } as const;
const tu = { ...you, ...hoy, authorLabel: 'Tú' } as const;
const rtlAndEmoji: ThreadMessage[] = [
  threadMessage('ar', 'مرحبا، كيف كان تمرين التنفس اليوم؟', { ...hoy, timeLabel: '10:00' }),
  threadMessage('he', 'שלום! הכל טוב, תודה 🙂', {
    ...tu,
    timeLabel: '10:02',
    status: 'read',
    statusLabel: 'Leído',
  }),
  threadMessage('mixed', 'Mi objetivo: هدوء (calma) 🧘‍♀️ — 10 min/día', {
    ...hoy,
    timeLabel: '10:05',
  }),
  threadMessage('emoji', '👍🏽🎉💪🏿👨‍👩‍👧‍👦🇪🇸', {
    ...tu,
    timeLabel: '10:06',
    status: 'sent',
    statusLabel: 'Enviado',
  }),
];

const meta = {
  title: 'UI/MessageThread',
  component: MessageThread,
  tags: ['autodocs', 'status:new'],
  args: {
    messages: twoDays,
    label: 'Messages with Anna Smith',
    emptyText: 'No messages yet. Write the first one below.',
    deletedText: 'Message deleted',
    loadOlderLabel: 'Load older messages',
    retryLabel: 'Retry',
    hasOlder: false,
    isLoadingOlder: false,
    isLive: false,
    height: '28rem',
    onLoadOlder: fn(),
    onRetry: fn(),
  },
  argTypes: {
    // Typed by name, editable as data.
    messages: { control: 'object', table: { type: { summary: 'readonly ThreadMessage[]' } } },
    renderActions: { control: false },
  },
  parameters: { width: '36rem' },
} satisfies Meta<typeof MessageThread>;

export default meta;
type Story = StoryObj<typeof meta>;

const articles = (canvasElement: HTMLElement) => within(canvasElement).queryAllByRole('article');

/**
 * Brings the thread to its top and waits until it rests there: offset 0, the same first message at
 * the same place for 20 frames in a row. The virtual list measures the messages it just rendered
 * and may move the view once more (later on a busy machine), so the top is asked for again on
 * every frame until nothing moves.
 */
async function threadRestsAtTop(log: HTMLElement, canvasElement: HTMLElement) {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const place = () => {
    const first = articles(canvasElement)[0];
    const top = Math.round(first?.getBoundingClientRect().top ?? 0);
    return `${log.scrollTop}|${first?.getAttribute('aria-posinset')}|${top}`;
  };
  let still = 0;
  let last = '';
  while (still < 20) {
    if (log.scrollTop !== 0) log.scrollTop = 0;
    await frame();
    const now = place();
    still = now === last && log.scrollTop === 0 ? still + 1 : 0;
    last = now;
  }
}

/** No message yet: the empty text in the middle of the thread. */
export const Empty: Story = {
  args: { messages: [] },
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Messages with Anna Smith' });
    await expect(within(log).getByText(/No messages yet/)).toBeVisible();
    await expect(articles(canvasElement)).toHaveLength(0);
  },
};

/**
 * A few messages over two days, oldest at the top: own ones at the end side in the accent
 * colour with 'Read' or 'Sent', Anna's at the start side, a deleted one as a muted placeholder,
 * a 'Delete' action on the newest own message, and 'Load older messages' at the top.
 */
export const TwoDays: Story = {
  args: {
    hasOlder: true,
    renderActions: (message) =>
      message.id === '6' ? (
        <Button variant="link" size="xs">
          Delete
        </Button>
      ) : null,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const shown = articles(canvasElement);
    await expect(shown).toHaveLength(6);
    await expect(shown[0]).toHaveAccessibleName('You 18:02');
    await expect(shown[5]).toHaveAccessibleName('You 08:33');
    await expect(within(shown[2] as HTMLElement).getByText('Message deleted')).toBeVisible();
    await expect(within(shown[5] as HTMLElement).getByText('Sent')).toBeVisible();
    const text = canvas.getByRole('log').textContent ?? '';
    await expect(text.indexOf('Yesterday')).toBeLessThan(text.indexOf('Today'));
    // 'Load older' is reached with the keyboard from the top.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Load older messages' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLoadOlder).toHaveBeenCalledTimes(1);
  },
};

const olderPool = createThreadMessages(5000);

/** A thread paged by 50 the way the app loads it, from a pool of 5,000 messages. */
function PagedThread(props: Omit<MessageThreadProps, 'messages'>) {
  const [shown, setShown] = useState(3000);
  const messages = olderPool.slice(olderPool.length - shown);
  return (
    <MessageThread
      {...props}
      messages={messages}
      hasOlder={shown < olderPool.length}
      onLoadOlder={() => {
        props.onLoadOlder?.();
        setShown((count) => Math.min(olderPool.length, count + 50));
      }}
    />
  );
}

/**
 * 3,000 messages over 500 days, older pages of 50 on demand: it opens at the newest, only the
 * rows in view (and a few around) are in the page, and loading older ones leaves the messages
 * in view where they were.
 */
export const LongThread: Story = {
  render: (args) => <PagedThread {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = canvas.getByRole('log');
    // Opens at the newest message, at the bottom of the thread.
    await waitFor(() => {
      const last = articles(canvasElement).at(-1) as HTMLElement;
      expect(last).toHaveAttribute('aria-posinset', '3000');
      const gap = log.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom;
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThan(8);
    });
    await expect(articles(canvasElement).length).toBeLessThan(40);

    // Up to the oldest loaded, then one more page: the top message stays put.
    await waitFor(() => {
      log.scrollTop = 0;
      expect(articles(canvasElement)[0]).toHaveAttribute('aria-posinset', '1');
    });
    const top = articles(canvasElement)[0] as HTMLElement;
    const topName = top.getAttribute('aria-labelledby');
    // Where it sits in the thread's view: a canvas shorter than the story scrolls itself to show
    // the focused button, which moves the whole thread but not a message within it.
    const inView = (message: Element | null) =>
      (message?.getBoundingClientRect().top ?? 0) - log.getBoundingClientRect().top;
    const before = inView(top);
    await userEvent.click(canvas.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => {
      const same = canvasElement.querySelector(`article[aria-labelledby="${topName}"]`);
      expect(same).toHaveAttribute('aria-posinset', '51');
      expect(Math.abs(inView(same) - before)).toBeLessThan(2);
    });
    // The snapshot shows the top of what is loaded: where the view rests after a page came in
    // depends on when the virtual list measured the new messages.
    await threadRestsAtTop(log, canvasElement);
  },
};

/** Own messages on their way and not sent: 'Not sent' in the error colour with a retry. */
export const SendingAndFailed: Story = {
  args: {
    messages: [
      ...twoDays.slice(3, 5),
      threadMessage('s', 'On my way to the gym now.', {
        ...you,
        timeLabel: '08:40',
        status: 'sending',
        statusLabel: 'Sending…',
      }),
      threadMessage('f', 'Remember to log your sleep tonight.', {
        ...you,
        timeLabel: '08:41',
        status: 'failed',
        statusLabel: 'Not sent',
      }),
    ],
  },
  play: async ({ args, canvasElement }) => {
    const failed = articles(canvasElement).at(-1) as HTMLElement;
    await expect(within(failed).getByText('Not sent')).toBeVisible();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: 'f' }));
    await expect(within(canvasElement).getByText('Sending…')).toBeVisible();
  },
};

/**
 * What the component gets after the caller neutralised the text: a 2,000-character message, a
 * 300-character word, HTML, markdown and `javascript:` links, and a file name whose bidi
 * override was removed. All shown as plain text, wrapped inside the thread, nothing live.
 */
export const LongAndHostileText: Story = {
  args: { messages: hostile, height: '40rem' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = canvas.getByRole('log');
    await expect(log.scrollWidth).toBeLessThanOrEqual(log.clientWidth);
    await waitFor(() => expect(canvas.getByText(/^<img src=x/)).toBeInTheDocument());
    await expect(log.querySelector('img, script, b, a, strong, em')).toBeNull();
    await expect(canvas.getByText(/\[click me\]\(javascript:alert\(3\)\)/)).toBeInTheDocument();
    const word = canvas.getByText(longWord);
    await expect(word.scrollWidth).toBeLessThanOrEqual(word.clientWidth + 1);
  },
};

/**
 * Right-to-left and mixed texts read in their own direction (`dir="auto"`), emoji and their
 * sequences whole; the labels in Spanish, as the app passes them.
 */
export const RtlAndEmoji: Story = {
  args: {
    messages: rtlAndEmoji,
    label: 'Mensajes con Anna Smith',
    deletedText: 'Mensaje eliminado',
    emptyText: 'Aún no hay mensajes.',
    loadOlderLabel: 'Cargar mensajes anteriores',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('log', { name: 'Mensajes con Anna Smith' })).toBeVisible();
    const arabic = canvas.getByText(/مرحبا/);
    await expect(arabic.matches(':dir(rtl)')).toBe(true);
    await expect(canvas.getByText(/Mi objetivo/).matches(':dir(ltr)')).toBe(true);
    await expect(canvas.getByText('Leído')).toBeVisible();
    await expect(canvas.getByText('Hoy')).toBeVisible();
    await expect(canvas.queryByText('Today')).toBeNull();
  },
};

/**
 * Older messages on their way: 'Load older messages' with its spinner, disabled, and the thread
 * busy for assistive technology; the messages already shown stay readable.
 */
export const LoadingOlder: Story = {
  args: { hasOlder: true, isLoadingOlder: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Load older messages' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('data-loading');
    await expect(canvas.getByRole('log', { name: 'Messages with Anna Smith' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(articles(canvasElement)).toHaveLength(6);
    await expect(canvas.getByText('Of course, 10:00?')).toBeVisible();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onLoadOlder).not.toHaveBeenCalled();
  },
};

/**
 * Older messages could not be loaded, as the app shows it: the button at the top says so in its
 * words ('Older messages could not be loaded.') and stays enabled, the messages shown untouched;
 * pressing it asks for the older page again.
 */
export const OlderLoadFailed: Story = {
  args: { hasOlder: true, loadOlderLabel: 'Older messages could not be loaded.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const retry = canvas.getByRole('button', { name: 'Older messages could not be loaded.' });
    await expect(retry).toBeEnabled();
    await expect(canvas.getByRole('log')).not.toHaveAttribute('aria-busy');
    await expect(articles(canvasElement)).toHaveLength(6);
    await userEvent.click(retry);
    await expect(args.onLoadOlder).toHaveBeenCalledTimes(1);
  },
};
