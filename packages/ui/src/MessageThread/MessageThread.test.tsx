import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { CoachUiProvider } from '../theme/index.ts';
import { MessageThread, type MessageThreadProps } from './MessageThread.tsx';
import type { ThreadMessage } from './types.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <CoachUiProvider>{children}</CoachUiProvider>
);

const message = (id: string, overrides: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id,
  text: `Text ${id}`,
  isOwn: false,
  authorLabel: 'Anna Smith',
  timeLabel: '09:00',
  day: '2026-03-02',
  dayLabel: 'Monday 2 March',
  ...overrides,
});

function renderThread(props: Partial<MessageThreadProps> = {}) {
  return render(
    <MessageThread
      messages={[]}
      label="Messages with Anna Smith"
      emptyText="No messages yet"
      deletedText="Message deleted"
      loadOlderLabel="Load older messages"
      {...props}
    />,
    { wrapper },
  );
}

describe('MessageThread', () => {
  it('shows the empty text in a named log that does not announce by default', () => {
    renderThread();
    const log = screen.getByRole('log', { name: 'Messages with Anna Smith' });
    expect(log).toHaveAttribute('aria-live', 'off');
    expect(within(log).getByText('No messages yet')).toBeInTheDocument();
  });

  it('shows messages in order under their days, each named by author and time', () => {
    renderThread({
      messages: [
        message('1'),
        message('2', { isOwn: true, authorLabel: 'You', timeLabel: '09:05' }),
        message('3', { day: '2026-03-03', dayLabel: 'Tuesday 3 March', timeLabel: '08:00' }),
      ],
    });
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.textContent)).toEqual([
      expect.stringContaining('Text 1'),
      expect.stringContaining('Text 2'),
      expect.stringContaining('Text 3'),
    ]);
    expect(articles[1]).toHaveAccessibleName('You 09:05');
    const log = screen.getByRole('log');
    const text = log.textContent ?? '';
    expect(text.indexOf('Monday 2 March')).toBeLessThan(text.indexOf('Text 1'));
    expect(text.indexOf('Tuesday 3 March')).toBeGreaterThan(text.indexOf('Text 2'));
    expect(screen.getAllByText(/March/)).toHaveLength(2);
  });

  it('shows markup as text, never as elements', () => {
    renderThread({ messages: [message('1', { text: '<img src=x onerror=alert(1)><b>hi</b>' })] });
    expect(screen.getByText('<img src=x onerror=alert(1)><b>hi</b>')).toBeInTheDocument();
    expect(screen.getByRole('log').querySelector('img, b')).toBeNull();
  });

  it('shows the deleted placeholder instead of a deleted text, and the read state of own ones', () => {
    renderThread({
      messages: [
        message('1', { isDeleted: true, text: 'secret' }),
        message('2', { isOwn: true, status: 'read', statusLabel: 'Read' }),
      ],
    });
    expect(screen.getByText('Message deleted')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(screen.getByText('Read')).toBeInTheDocument();
  });

  it('offers a retry on a failed own message', async () => {
    const user = userEvent.setup({ delay: null });
    const handleRetry = vi.fn();
    const failed = message('1', { isOwn: true, status: 'failed', statusLabel: 'Not sent' });
    renderThread({ messages: [failed], onRetry: handleRetry, retryLabel: 'Retry' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(handleRetry).toHaveBeenCalledWith(failed);
  });

  it('loads older messages from the button at the top, which waits while they load', async () => {
    const user = userEvent.setup({ delay: null });
    const handleLoadOlder = vi.fn();
    const { rerender } = renderThread({
      messages: [message('1')],
      hasOlder: true,
      onLoadOlder: handleLoadOlder,
    });
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(handleLoadOlder).toHaveBeenCalledTimes(1);
    rerender(
      <MessageThread
        messages={[message('1')]}
        label="Messages with Anna Smith"
        emptyText="No messages yet"
        deletedText="Message deleted"
        loadOlderLabel="Load older messages"
        hasOlder
        isLoadingOlder
        onLoadOlder={handleLoadOlder}
      />,
    );
    expect(screen.getByRole('button', { name: /Load older messages/ })).toBeDisabled();
    // The oldest page arrived: the button goes, focus goes to the thread, not the page's start.
    rerender(
      <MessageThread
        messages={[message('0'), message('1')]}
        label="Messages with Anna Smith"
        emptyText="No messages yet"
        deletedText="Message deleted"
        loadOlderLabel="Load older messages"
        onLoadOlder={handleLoadOlder}
      />,
    );
    expect(screen.queryByRole('button', { name: /Load older/ })).not.toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveFocus();
  });

  it('renders only a window of a long thread', () => {
    const messages = Array.from({ length: 3000 }, (_, index) => message(String(index)));
    renderThread({ messages });
    const count = screen.getAllByRole('article').length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(60);
  });

  it('puts the caller’s actions beside a message', () => {
    renderThread({
      messages: [message('1', { isOwn: true })],
      renderActions: () => <button type="button">Delete</button>,
    });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
