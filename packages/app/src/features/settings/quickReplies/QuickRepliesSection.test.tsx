import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testBaseUrls } from '../../../../test/mockApi.ts';
import { renderOverMocks } from '../../../../test/renderOverMocks.tsx';
import { QuickRepliesSection } from './QuickRepliesSection.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const repliesUrl = `${testBaseUrls.messaging}/quickReplies`;

/** What each save sent, in order. */
function recordSaves() {
  const saves: { items: { id: string; text: string }[] }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PUT' && request.url === repliesUrl) {
      saves.push(await request.clone().json());
    }
  });
  return saves;
}

const replyField = (number: number) =>
  screen.getByRole('textbox', { name: new RegExp(`^Quick reply ${number}\\b`) });

describe('QuickRepliesSection', () => {
  it("edits, adds, moves and removes replies and saves them in order, saying 'Quick replies saved'", async () => {
    const saves = recordSaves();
    const { user } = renderOverMocks(server, <QuickRepliesSection />);
    expect(await screen.findByRole('heading', { name: 'Quick replies' })).toBeInTheDocument();
    expect(replyField(1)).toHaveValue(
      'Hi {firstName}, I noticed your scores dipped this week. How are you feeling?',
    );
    await user.click(screen.getByRole('button', { name: 'Remove quick reply 4' }));
    await user.click(screen.getByRole('button', { name: 'Move quick reply 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add a quick reply' }));
    // '{{' types one '{' (user-event reads '{' as the start of a key's name).
    await user.type(replyField(4), 'See you soon, {{firstName}.');
    await user.click(screen.getByRole('button', { name: 'Save quick replies' }));
    expect(await screen.findByText('Quick replies saved')).toBeInTheDocument();
    expect(saves.at(-1)?.items.map(({ text }) => text)).toEqual([
      'Great progress, {firstName}! Keep it up.',
      'Hi {firstName}, I noticed your scores dipped this week. How are you feeling?',
      'Thanks for letting me know, {firstName}. Let us talk about it in our next session.',
      'See you soon, {firstName}.',
    ]);
  });

  it('refuses a blank reply without saving', async () => {
    const saves = recordSaves();
    const { user } = renderOverMocks(server, <QuickRepliesSection />);
    await screen.findByRole('heading', { name: 'Quick replies' });
    await user.click(screen.getByRole('button', { name: 'Add a quick reply' }));
    await user.type(replyField(5), '   ');
    await user.click(screen.getByRole('button', { name: 'Save quick replies' }));
    expect(await screen.findByText('Write the quick reply or remove it')).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('says when the replies could not be saved', async () => {
    const { user } = renderOverMocks(server, <QuickRepliesSection />);
    await screen.findByRole('heading', { name: 'Quick replies' });
    server.use(http.put(repliesUrl, () => HttpResponse.json({}, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Save quick replies' }));
    await waitFor(() =>
      expect(screen.getByText('The quick replies could not be saved.')).toBeInTheDocument(),
    );
  });
});
