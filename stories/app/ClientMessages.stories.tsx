import {
  clientWrites,
  createHandlers,
  hostileThreadSeeds,
  longestMessageText,
  longThreadSeeds,
  mockClientIds,
  seedThread,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { expectToast } from './expectToast.ts';
import { mockedBackend, signedInParameters, signedInScreen } from './signedInScreen.tsx';

// The Messages section of a client's profile (Jamie Lee) in the signed-in app, over the mocks'
// threads: each story seeds the thread it shows, and the live stream carries the client's writes.

const { beforeEach, backendOf } = mockedBackend();

/**
 * The Messages section of a client's profile: the thread with the client, newest at the bottom,
 * day separators in the coach's time zone, the read state of the coach's messages, and the composer
 * with its character counter, quick replies and Ctrl+Enter (Cmd+Enter on a Mac) to send. A failed
 * send keeps the text and offers a retry; older messages load on request; a client's new message
 * comes in live. Message texts are shown as plain text.
 */
const meta = {
  title: 'App/Sections/Messages',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-sections-clientmessages',
  ...signedInScreen(),
  parameters: {
    docs: { story: ownFrame() },
    ...signedInParameters(`/clients/${mockClientIds.jamie}`),
  },
  beforeEach,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Messages section once its thread shows. */
async function messages(canvasElement: HTMLElement) {
  const region = await within(canvasElement).findByRole(
    'region',
    { name: 'Messages' },
    { timeout: storyWait(10_000) },
  );
  await within(region).findByRole('log', { name: 'Messages with Jamie Lee' });
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull());
  // In the panel beside the record: on the first screen, nothing scrolled.
  return within(region);
}

const composerOf = (section: ReturnType<typeof within>) =>
  section.getByRole('textbox', { name: /Message to Jamie Lee/ });

/**
 * Jamie's thread with two messages the coach has not read: opening it marks them read, so the
 * menu's total drops from 3 to 1 (Maria-Fernanda's); then Jamie writes again, live: the message
 * shows at the end with the quiet cue, and screen readers hear 'Updated: Jamie Lee' once.
 */
export const Unread: Story = {
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    await expect(section.getByText('Could we talk about it on Thursday?')).toBeVisible();
    // Oldest first: the welcome at the top, Jamie's question at the end.
    const texts = section.getAllByRole('article').map((article) => article.textContent);
    await expect(texts[0]).toContain('welcome to the sense phase');
    await expect(texts.at(-1)).toContain('Could we talk about it on Thursday?');
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    await waitFor(() =>
      expect(nav.getByRole('link', { name: /My clients/ })).toHaveAccessibleName(
        'My clients 1 unread message',
      ),
    );
    const { state, live } = backendOf();
    await waitFor(() => expect(live.openStreams()).toBe(1));
    clientWrites(state, mockClientIds.jamie, 'Also, should I keep the evening walk?');
    await expect(await section.findByText('Also, should I keep the evening walk?')).toBeVisible();
    await expect(await within(canvasElement).findByText('Updated: Jamie Lee')).toBeInTheDocument();
  },
};

/** A thread with no message yet: the invitation to write the first one, and the composer. */
export const EmptyThread: Story = {
  beforeEach() {
    seedThread(backendOf().state, mockClientIds.jamie, []);
  },
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    await expect(section.getByText('No messages yet. Write the first one below.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/**
 * A long thread (300 messages over 30 days): the newest 50 first, at the bottom, then 'Load older
 * messages' adds the 50 before them at the top, the messages in view staying where they were.
 */
export const LongThread: Story = {
  beforeEach() {
    seedThread(backendOf().state, mockClientIds.jamie, longThreadSeeds(300, 30));
  },
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    await expect(section.getByText('Message 300 of 300 (coach)')).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(section.getByRole('log')).not.toHaveAttribute('aria-busy'));
    // The thread puts the scroll back as the older messages come in, and renders the rows of that
    // place when the browser's scroll event reaches it, before the next paint; on a loaded machine
    // the play can read the page between the two (the rows of the old offset, the newest not among
    // them), so it reads the page the reader sees.
    await waitFor(() => expect(section.getByText('Message 300 of 300 (coach)')).toBeVisible());
  },
};

/** A message on its way: 'Sending…' at the end of the thread, the composer waiting. */
export const Sending: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/messaging/clients/:clientId/messages', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    await userEvent.type(composerOf(section), 'Thursday at 10 works, see you then.');
    await userEvent.click(section.getByRole('button', { name: 'Send' }));
    await expect(await section.findByText('Sending…')).toBeVisible();
    await expect(composerOf(section)).toHaveAttribute('readonly');
  },
};

/**
 * A send that failed: the text stays in the composer, the reason and 'Try again' under it; the
 * retry (the server back) sends the same message once.
 */
export const FailedSend: Story = {
  beforeEach({ msw }) {
    const { state, live } = backendOf();
    msw.use(...createHandlers({ state, liveEvents: live, messageSendFails: true }));
  },
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    await userEvent.type(composerOf(section), 'Thursday at 10 works, see you then.');
    await userEvent.click(section.getByRole('button', { name: 'Send' }));
    await expect(await section.findByRole('alert')).toHaveTextContent('The message was not sent.');
    await expect(composerOf(section)).toHaveValue('Thursday at 10 works, see you then.');
  },
};

/**
 * A message with 'Check in again on…': the day and reason are checked before the message goes,
 * and the follow-up is set once it is stored (a new message ends the open one).
 */
export const WithFollowUp: Story = {
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    await userEvent.type(composerOf(section), 'Let us see how the week goes.');
    await userEvent.click(section.getByRole('checkbox', { name: 'Check in again on…' }));
    await userEvent.click(section.getByRole('button', { name: 'Send' }));
    await expect(await section.findByText('Choose a day')).toBeVisible();
    await expect(composerOf(section)).toHaveValue('Let us see how the week goes.');
    fireEvent.change(section.getByLabelText('Check in again on'), {
      target: { value: '2026-11-23' },
    });
    await userEvent.type(section.getByRole('textbox', { name: 'Reason' }), 'How the week went');
    await userEvent.click(section.getByRole('button', { name: 'Send' }));
    await expectToast('Follow-up set');
    await expect(section.getByText('Let us see how the week goes.')).toBeVisible();
    await expect(section.getByRole('checkbox', { name: 'Check in again on…' })).not.toBeChecked();
  },
};

/** The longest message there can be (2000 characters, runs without spaces) from the client. */
export const VeryLongMessage: Story = {
  beforeEach() {
    seedThread(backendOf().state, mockClientIds.jamie, [
      { author: 'coach', text: 'How did the week go?', minutesAgo: 90 },
      { author: 'client', text: longestMessageText, minutesAgo: 30 },
    ]);
  },
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    await expect(section.getAllByRole('article')).toHaveLength(2);
  },
};

/**
 * Texts that try to disguise or break what the screen shows: bidirectional overrides removed,
 * control characters shown as '�', HTML, markdown and links as plain text, right-to-left scripts
 * and emoji as written (the longest text is {@link VeryLongMessage}'s).
 */
export const HostileText: Story = {
  beforeEach() {
    // The longest text is VeryLongMessage's: here the others show together.
    const seeds = hostileThreadSeeds().filter(({ text }) => text !== longestMessageText);
    seedThread(backendOf().state, mockClientIds.jamie, seeds);
  },
  play: async ({ canvasElement }) => {
    const section = await messages(canvasElement);
    const log = section.getByRole('log');
    await expect(log.querySelector('img, script, b, a')).toBeNull();
    await expect(log.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  },
};

/**
 * While the thread loads (the request never answers): the section busy, its placeholder named
 * 'Loading Messages' in the room the thread and the composer will take, no composer yet.
 */
export const Loading: Story = {
  beforeEach({ msw }) {
    const { state, live } = backendOf();
    msw.use(...createHandlers({ state, liveEvents: live, delays: { listMessages: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole(
      'region',
      { name: 'Messages' },
      { timeout: storyWait(10_000) },
    );
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(region).getByRole('status', { name: 'Loading Messages' })).toBeVisible();
    await expect(within(region).queryByRole('log')).toBeNull();
    await expect(within(region).queryByRole('textbox')).toBeNull();
  },
};

/** The thread's reads in the load-error stories, and whether the server answers them again. */
const threadServer = { asked: 0, isBack: false };

/** The thread's reads fail until `threadServer.isBack`; then the mocks' own handler answers. */
const threadFails: Story['beforeEach'] = ({ msw }) => {
  Object.assign(threadServer, { asked: 0, isBack: false });
  msw.use(
    http.get('*/api/messaging/clients/:clientId/messages', () => {
      threadServer.asked += 1;
      return threadServer.isBack
        ? undefined
        : HttpResponse.json(
            { error: 'internal_error', message: 'Internal error' },
            { status: 500 },
          );
    }),
  );
};

/** The Messages section showing its load error: the alert and its retry. */
async function failedThread(canvasElement: HTMLElement) {
  const region = within(
    await within(canvasElement).findByRole(
      'region',
      { name: 'Messages' },
      { timeout: storyWait(10_000) },
    ),
  );
  const alert = await region.findByRole('alert');
  await expect(alert).toHaveTextContent('Messages could not be loaded.');
  await expect(region.queryByRole('log')).toBeNull();
  await expect(region.queryByRole('textbox')).toBeNull();
  return { region, retry: within(alert).getByRole('button', { name: 'Try again' }) };
}

/**
 * The thread could not be read: 'Messages could not be loaded.' with 'Try again' in the section,
 * the rest of the profile standing ('Notes and history', which reads the messages too, says its
 * own error); the retry asks again (the server still failing here, the error comes back).
 */
export const LoadFailed: Story = {
  beforeEach: threadFails,
  play: async ({ canvasElement }) => {
    const { region, retry } = await failedThread(canvasElement);
    const asked = threadServer.asked;
    await userEvent.click(retry);
    await waitFor(() => expect(threadServer.asked).toBe(asked + 1));
    await expect(await region.findByRole('alert')).toHaveTextContent(
      'Messages could not be loaded.',
    );
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Jamie Lee', level: 1 }),
    ).toBeVisible();
  },
};

/** The server back after the load error: 'Try again' shows the thread and the composer. */
export const LoadFailedRetried: Story = {
  beforeEach: threadFails,
  play: async ({ canvasElement }) => {
    const { region, retry } = await failedThread(canvasElement);
    threadServer.isBack = true;
    await userEvent.click(retry);
    await expect(await region.findByRole('log', { name: 'Messages with Jamie Lee' })).toBeVisible();
    await expect(region.getByText('Could we talk about it on Thursday?')).toBeVisible();
    await expect(region.queryByRole('alert')).toBeNull();
    await expect(composerOf(region)).toBeVisible();
  },
};

/**
 * In Spanish: the section, the thread's name, the day separators and read states, the composer
 * and its button in Spanish; the messages as their authors wrote them.
 */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const region = within(
      await within(canvasElement).findByRole(
        'region',
        { name: 'Mensajes' },
        { timeout: storyWait(10_000) },
      ),
    );
    await expect(await region.findByRole('log', { name: 'Mensajes con Jamie Lee' })).toBeVisible();
    await expect(region.getByText('Could we talk about it on Thursday?')).toBeVisible();
    await expect(region.getByRole('textbox', { name: /^Mensaje para Jamie Lee/ })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await expectSpanishPage('Mensajes', 'Mensajes con Jamie Lee', 'Enviar');
  },
};
