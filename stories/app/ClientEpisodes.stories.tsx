import { createHandlers, mockClientIds, mockNow, seedEpisodes } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { mockedBackend, signedInParameters, signedInScreen } from './signedInScreen.tsx';

// The Attention history section of a client's profile in the signed-in app, over the mocks'
// episodes: the demo coach's past ones, and the open one the mocks' sweep opens for a client who
// needs attention now (by the clients list's rule).

const { beforeEach, backendOf } = mockedBackend();

/**
 * Attention history: each stretch of the client needing attention, newest first, in words: the
 * reasons it started with, the coach's first action and how long after the start, then how it
 * ended and how long after that action ('Mental 62% for 3 days · you wrote after 5 h · back above
 * 70% 4 days later'), or how long it has been open ('still open after 9 days, no action yet').
 * Figures, not a score: the coach reads what worked.
 */
const meta = {
  title: 'App/Sections/Attention history',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-sections-clientepisodes',
  ...signedInScreen(),
  parameters: {
    docs: { story: ownFrame() },
    ...signedInParameters(`/clients/${mockClientIds.jamie}`),
  },
  beforeEach,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the attention history, which the overview shows on request: its region. */
async function openHistory(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const show = await canvas.findByRole(
    'button',
    { name: 'Show the attention history' },
    { timeout: storyWait(10_000) },
  );
  await userEvent.click(show);
  return canvas.findByRole('region', { name: 'Attention history' });
}

/** The Attention history section once loaded. */
async function history(canvasElement: HTMLElement) {
  const region = await openHistory(canvasElement);
  // Every section loaded (none busy), so the snapshot shows the page settled.
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull());
  return within(region);
}

/**
 * Jamie's history: mental low for 3 days, a message after 5 h, back above 70% 4 days later; and
 * an earlier silence that ended with no action; and the stretch open for 3 days, no action yet.
 */
export const History: Story = {
  play: async ({ canvasElement }) => {
    const section = await history(canvasElement);
    await expect(
      section.getByText(
        'Mental 62% for 3 days · you wrote after 5 h · back above 70% 4 days later',
      ),
    ).toBeVisible();
    await expect(
      section.getByText('No app use yet · no action · back in the app 2 days later'),
    ).toBeVisible();
    await expect(
      section.getByText(
        'Mental 64% for 2 days, 1 unread message · still open after 3 days, no action yet',
      ),
    ).toBeVisible();
    await expect(section.getAllByRole('listitem')).toHaveLength(3);
  },
};

/**
 * Maria-Fernanda needs attention since yesterday: the open stretch lists every reason; the earlier
 * one shows a note two days in and an end nine days later.
 */
export const OpenWithPast: Story = {
  parameters: signedInParameters(`/clients/${mockClientIds.maria}`),
  play: async ({ canvasElement }) => {
    const section = await history(canvasElement);
    await expect(
      section.getByText(
        '1.5 h of app use in 48 h · you noted after 2 days · app use back up 9 days later',
      ),
    ).toBeVisible();
    await expect(
      section.getByText(
        'Productivity 58% for 2 days, Mental 61% for 2 days · still open after 26 h, no action yet',
      ),
    ).toBeVisible();
    await expect(section.getAllByRole('listitem')).toHaveLength(2);
  },
};

/**
 * The coach writes a note on Maria-Fernanda, who needs attention since yesterday: the open
 * stretch's first action shows at once, 'you noted after 26 h' (the mocks' clock stands at their
 * now here, so the note is written when the list's figures were).
 */
export const ActedOn: Story = {
  parameters: signedInParameters(`/clients/${mockClientIds.maria}`),
  beforeEach({ msw }) {
    msw.use(...createHandlers({ state: backendOf().state, now: () => mockNow }));
  },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    const section = await history(canvasElement);
    await expect(section.getAllByRole('listitem')[0]).toHaveTextContent(/no action yet$/);
    const note = await screen.findByRole('textbox', { name: 'New note' });
    await userEvent.type(note, 'Called about the evenings.');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(section.getAllByRole('listitem')[0]).toHaveTextContent(
        'Productivity 58% for 2 days, Mental 61% for 2 days · you noted after 26 h · still open after 26 h',
      ),
    );
    section.getAllByRole('listitem')[0]?.scrollIntoView({ block: 'center' });
  },
};

/** A client who never needed attention: a plain sentence. */
export const None: Story = {
  parameters: signedInParameters(`/clients/${mockClientIds.kai}`),
  beforeEach() {
    seedEpisodes(backendOf().state, mockClientIds.kai, []);
  },
  play: async ({ canvasElement }) => {
    const section = await history(canvasElement);
    await expect(section.getByText('No stretch of needing attention yet.')).toBeVisible();
  },
};

/** While the history loads: the section's placeholder. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/analytics/clients/:clientId/episodes', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
  },
  play: async ({ canvasElement }) => {
    await expect(await openHistory(canvasElement)).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server failed: the section's error with a retry; the rest of the profile stands. */
export const Failure: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/analytics/clients/:clientId/episodes', () =>
        HttpResponse.json({ error: 'internal', message: 'Internal error' }, { status: 500 }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const region = await openHistory(canvasElement);
    await expect(
      await within(region).findByText('Error processing attention history'),
    ).toBeVisible();
    await expect(within(region).getByRole('button', { name: /Try again|Retry/ })).toBeVisible();
  },
};

/**
 * In Spanish: the section's name and Jamie's three stretches in Spanish words, newest first (the
 * open one, the message after 5 h, the silence that ended with no action).
 */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole(
        'button',
        { name: 'Ver el historial de atención' },
        { timeout: storyWait(10_000) },
      ),
    );
    const region = await canvas.findByRole('region', { name: 'Historial de atención' });
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull());
    const items = within(region).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent(/ · sigue abierto tras 3 días, todavía sin acción$/);
    await expect(items[1]).toHaveTextContent(
      / · le escribiste tras 5 h · de nuevo por encima del 70 % 4 días después$/,
    );
    await expect(items[2]).toHaveTextContent(/ · sin acción · de vuelta en la app 2 días después$/);
    await expectSpanishPage(
      'Historial de atención',
      'todavía sin acción',
      'le escribiste tras 5 h',
    );
  },
};

/** How many stretches {@link LongHistory} seeds. */
const longHistoryLength = 24;

/**
 * Kai's {@link longHistoryLength} past stretches, a week apart, each with all four reasons (two
 * indicators low, little app use, unread messages) and the coach's follow-up planned after 5 h:
 * the longest sentences the history writes, one after another.
 */
const longHistory: Parameters<typeof seedEpisodes>[2] = Array.from(
  { length: longHistoryLength },
  (_, index) => ({
    startedHoursAgo: (index + 1) * 7 * 24,
    reasons: [
      { kind: 'lowIndicator', indicator: 'mental', value: 41, days: 5 },
      { kind: 'lowIndicator', indicator: 'productivity', value: 48, days: 4 },
      { kind: 'lowEngagement', hours: 0.5 },
      { kind: 'unreadMessages', count: 7 },
    ],
    firstAction: { kind: 'followUp', afterHours: 5 },
    endedAfterHours: 3 * 24,
  }),
);

/**
 * A long history: {@link longHistoryLength} stretches, each with four reasons, all listed newest
 * first; every sentence wraps inside the section, nothing wider than it.
 */
export const LongHistory: Story = {
  parameters: signedInParameters(`/clients/${mockClientIds.kai}`),
  beforeEach() {
    seedEpisodes(backendOf().state, mockClientIds.kai, longHistory);
  },
  play: async ({ canvasElement }) => {
    const section = await history(canvasElement);
    const items = section.getAllByRole('listitem');
    await expect(items).toHaveLength(longHistoryLength);
    // Newest first: a week before the mocks' today (16 November) the first.
    await expect(items[0]).toHaveTextContent(/^From Nov 9, 2026/);
    for (const item of items) {
      await expect(item).toHaveTextContent(
        /Mental 41% for 5 days, Productivity 48% for 4 days, 0\.5 h of app use in 48 h, 7 unread messages · you planned a follow-up after 5 h · no longer needing attention 2 days later$/,
      );
      await expect(item.scrollWidth).toBeLessThanOrEqual(item.clientWidth + 1);
    }
    const region = items[0]?.closest('[role="region"], section') as HTMLElement;
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth + 1);
  },
};
