import { createLiveEventsMock, failMessageSends, mockClientIds } from '@coach/api/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockBackend, testBaseUrls } from '../../test/mockApi.ts';
import { renderAppRoutes } from '../../test/renderAppRoutes.tsx';

// The profile's messages over the mocks, in the whole app. The thread's order, its read mark (the
// menu's total) and a client's message coming in live are the story's (ClientMessages: Unread), and
// a failed send's reason with its text kept in the composer too (ClientMessages: FailedSend).
// Ctrl+Enter is the composer's (MessageComposer's tests and stories); a quick reply filled with the
// client's first name, sent, shown in the thread and the composer emptied, the end-to-end test's
// (messages). Here, a delete and a retry's id.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

/** A lazily loaded screen's first render on a busy machine. */
const firstScreenWaitMs = 45_000;
const threadPath = new URL(`${testBaseUrls.messaging}/clients/${mockClientIds.jamie}/messages`)
  .pathname;

type Call = { method: string; path: string; body: unknown };

function renderMessages(options: { messageSendFails?: boolean } = {}) {
  const backend = mockBackend(options);
  const live = createLiveEventsMock(backend.options);
  const calls: Call[] = [];
  server.events.on('request:start', async ({ request }) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text === '' ? null : JSON.parse(text),
    });
  });
  const { user } = renderAppRoutes({
    server,
    status: 'signedIn',
    route: `/clients/${mockClientIds.jamie}`,
    handlers: { ...backend.options, liveEvents: live },
  });
  return { user, state: backend.state, calls, live };
}

/** The Messages section once its thread shows. */
async function messagesSection() {
  const region = await screen.findByRole(
    'region',
    { name: 'Messages' },
    { timeout: firstScreenWaitMs },
  );
  await within(region).findByRole('log', { name: 'Messages with Jamie Lee' });
  return within(region);
}

const composer = (section: Awaited<ReturnType<typeof messagesSection>>) =>
  section.getByRole('textbox', { name: /Message to Jamie Lee/ });

describe('the messages of a client profile', () => {
  it('deletes a message the coach has just sent: it shows as deleted', async () => {
    const { user } = renderMessages();
    const section = await messagesSection();
    await user.type(composer(section), 'Sent to the wrong client.');
    await user.click(section.getByRole('button', { name: 'Send' }));
    await section.findByText('Sent to the wrong client.');
    // Only the message just sent can still be deleted (the others are older than 5 minutes).
    const [deleteButton, ...others] = section.getAllByRole('button', {
      name: /^Delete your message of/,
    });
    expect(others).toHaveLength(0);
    await user.click(deleteButton as HTMLElement);
    expect(await section.findByText('Message deleted')).toBeInTheDocument();
    expect(section.queryByText('Sent to the wrong client.')).toBeNull();
  });

  it('sends a failed message once on retry, with the same id', async () => {
    const { user, state, calls } = renderMessages({ messageSendFails: true });
    const section = await messagesSection();
    await user.type(composer(section), 'Are you free tomorrow?');
    await user.click(section.getByRole('button', { name: 'Send' }));
    await section.findByRole('alert');
    failMessageSends(state, false);
    await user.click(section.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(composer(section)).toHaveValue(''));
    expect(await section.findByText('Are you free tomorrow?')).toBeInTheDocument();
    const ids = calls
      .filter(({ path, method }) => path === threadPath && method === 'POST')
      .map(({ body }) => (body as { id: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });
});
