import type { AttentionFigures } from '@coach/api';
import { createHandlers, fixtureTokens, mockClientIds, mockNow } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { AuthLayout } from '../../packages/app/src/core/layout/index.ts';
import { rootFontSizeFor } from '../../packages/app/src/core/screenSize/index.ts';
import { SignInScreen } from '../../packages/app/src/features/auth/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { type ClientShape, clientList, manyClients } from './clientSummaries.ts';
import { clientsTable, dataRows } from './clientsStory.ts';
import { type DesignWidth, viewportAt, windowAt } from './designViewport.ts';
import { openModal } from './profileActionsStory.ts';
import { renderApp } from './signedInScreen.tsx';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

/**
 * The app's screens and a dialog at the widths of the spec's root font sizes a coach meets most
 * besides the design window's 1,280 px (the other screens' stories): 1,024 px (11 px text),
 * 1,600 px (14 px) and 1,920 px (16 px). Each story is its window: the canvas, the Docs frame and
 * the test runner's page take the width its `viewport` global names, and the app sizes its text
 * by it, as in a coach's browser. Every screen keeps within the window (the clients table
 * too: its ten columns fit from 1,004 px); Spanish at 1,280 px is 'App/Journeys/Spanish'.
 */
const meta = {
  title: 'App/Journeys/Every width',
  decorators: [withCoachApi, withAppRootFontSize],
  parameters: { docs: { story: ownFrame(windowAt(1920).height) }, layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The story's fields for a window of `width`: its viewport, its Docs frame, the route. */
const atWidth = (width: DesignWidth, parameters: Record<string, unknown>) => ({
  globals: viewportAt(width),
  parameters: { ...parameters, docs: { story: ownFrame(windowAt(width).height) } },
});

/** The signed-in app at a route, the demo coach signed in from stored tokens. */
const signedIn = (width: DesignWidth, route: string) => ({
  render: renderApp,
  ...atWidth(width, { route, session: { tokens: fixtureTokens.coach } }),
});

/**
 * The window is the story's (its width) and the app's text is the spec's size for it; nothing on
 * the page reaches past the window's right edge.
 */
async function expectSizedFor(width: DesignWidth) {
  await expect(window.innerWidth).toBe(width);
  await expect(getComputedStyle(document.documentElement).fontSize).toBe(
    `${rootFontSizeFor(width)}px`,
  );
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

const signInAt = (width: DesignWidth): Story => ({
  render: () => (
    <AuthLayout>
      <SignInScreen />
    </AuthLayout>
  ),
  ...atWidth(width, { route: '/' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toBeVisible();
    await expect(canvas.getByLabelText('Password', { exact: true })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectSizedFor(width);
  },
});

/** No column header's words touch the next one's: at least 8 px between them. */
async function expectHeadersApart(table: HTMLElement) {
  const spans = within(table)
    .getAllByRole('columnheader')
    .map((header) => {
      const words = document.createRange();
      words.selectNodeContents(header.querySelector('button') ?? header);
      return words.getBoundingClientRect();
    });
  for (const [index, span] of spans.slice(1).entries()) {
    await expect(span.left - (spans[index]?.right ?? 0)).toBeGreaterThanOrEqual(8);
  }
}

/**
 * The reasons a client needs attention in one line, cut with an ellipsis; whole in the row's
 * details (the name cell's title).
 */
async function expectOneLineReasons(table: HTMLElement) {
  const reasons = [...table.querySelectorAll<HTMLElement>('[data-attention]')];
  await expect(reasons.length).toBeGreaterThan(0);
  for (const line of reasons) {
    // One line (its icons may stand a pixel or two above the text), never two.
    await expect(line.getBoundingClientRect().height).toBeLessThan(
      Number.parseFloat(getComputedStyle(line).lineHeight) * 1.5,
    );
    const details = line.closest<HTMLElement>('[data-row-details]')?.title ?? '';
    // The line's words after its hidden label ('Needs attention: ').
    const words = line.textContent ?? '';
    for (const part of words.slice(words.indexOf(': ') + 2).split(' · ')) {
      await expect(details).toContain(part);
    }
  }
}

const clientsAt = (width: DesignWidth): Story => ({
  ...signedIn(width, '/clients'),
  play: async ({ canvasElement }) => {
    const { canvas, table } = await clientsTable(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'My clients', level: 1 })).toBeVisible();
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(10);
    await expect(canvas.getByText('14 of 14 clients')).toBeVisible();
    // Every column in view at every width from 1,004 px: the table never scrolls sideways.
    const region = canvas.getByRole('region', { name: 'Clients' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    await expectHeadersApart(table);
    await expectOneLineReasons(table);
    await expectSizedFor(width);
  },
});

// The profile's Indicators group, where its charts are (the overview, the panel: ClientProfileWidths).
const clientProfileAt = (width: DesignWidth): Story => ({
  ...signedIn(width, `/clients/${mockClientIds.jamie}/indicators`),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Jamie Lee' })).toBeVisible();
    const journey = within(await canvas.findByRole('region', { name: 'Journey' }));
    await expect(journey.getByText('Day 5 of Sense')).toBeVisible();
    const engagement = within(await canvas.findByRole('region', { name: 'Engagement (48h)' }));
    await expect(engagement.getByRole('meter', { name: 'Engagement (48h)' })).toBeVisible();
    // The daily indicators' chart, drawn.
    const chart = await canvas.findByRole(
      'group',
      { name: /^Indicators per day, / },
      { timeout: storyWait(8000) },
    );
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    await expectSizedFor(width);
  },
});

const settingsAt = (width: DesignWidth): Story => ({
  ...signedIn(width, '/settings'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('First name')).toHaveValue('Alex');
    await expect(canvas.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeVisible();
    await expectSizedFor(width);
  },
});

const inviteDialogAt = (width: DesignWidth): Story => ({
  ...signedIn(width, '/clients'),
  play: async ({ canvasElement }) => {
    const { dialog, modal } = await openModal(canvasElement, 'Invite client', 'Invite client');
    await expect(modal.getByLabelText('Email')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Send invite' })).toBeVisible();
    // The whole dialog within the window.
    const box = dialog.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expectSizedFor(width);
  },
});

/** Sign-in at 1,024 px: 11 px text. */
export const SignIn1024 = { name: 'Sign in, 1,024 px', ...signInAt(1024) };
/** Sign-in at 1,600 px: 14 px text. */
export const SignIn1600 = { name: 'Sign in, 1,600 px', ...signInAt(1600) };
/** Sign-in at 1,920 px: 16 px text. */
export const SignIn1920 = { name: 'Sign in, 1,920 px', ...signInAt(1920) };
/** My clients at 1,024 px: every column in view, no sideways scroll. */
export const Clients1024 = { name: 'My clients, 1,024 px', ...clientsAt(1024) };
/** My clients at 1,600 px: every column in view. */
export const Clients1600 = { name: 'My clients, 1,600 px', ...clientsAt(1600) };
/** My clients at 1,920 px: every column in view. */
export const Clients1920 = { name: 'My clients, 1,920 px', ...clientsAt(1920) };
/** A client's profile at 1,024 px. */
export const ClientProfile1024 = { name: 'Client profile, 1,024 px', ...clientProfileAt(1024) };
/** A client's profile at 1,600 px. */
export const ClientProfile1600 = { name: 'Client profile, 1,600 px', ...clientProfileAt(1600) };
/** A client's profile at 1,920 px. */
export const ClientProfile1920 = { name: 'Client profile, 1,920 px', ...clientProfileAt(1920) };
/** Settings at 1,024 px. */
export const Settings1024 = { name: 'Settings, 1,024 px', ...settingsAt(1024) };
/** Settings at 1,600 px. */
export const Settings1600 = { name: 'Settings, 1,600 px', ...settingsAt(1600) };
/** Settings at 1,920 px. */
export const Settings1920 = { name: 'Settings, 1,920 px', ...settingsAt(1920) };
/** The invite dialog over My clients at 1,024 px. */
export const InviteDialog1024 = { name: 'Invite client, 1,024 px', ...inviteDialogAt(1024) };
/** The invite dialog over My clients at 1,600 px. */
export const InviteDialog1600 = { name: 'Invite client, 1,600 px', ...inviteDialogAt(1600) };
/** The invite dialog over My clients at 1,920 px. */
export const InviteDialog1920 = { name: 'Invite client, 1,920 px', ...inviteDialogAt(1920) };

// ---------------------------------------------------------------------------------------------
// The first screen of My clients (issue 66): how many clients a coach sees without scrolling, at
// the four windows coaches use most, in English and in Spanish.

const mockNowDay = mockNow.toISOString().slice(0, 10);

/** The windows (the design's, `.storybook/windows.ts`), with their goal: whole clients in view. */
const firstScreens = [
  { width: 1004, rows: 8 },
  { width: 1280, rows: 10 },
  { width: 1440, rows: 12 },
  { width: 1920, rows: 14 },
] as const satisfies readonly { width: DesignWidth; rows: number }[];

/**
 * 30 clients (more than any first screen holds), eight of them with a due follow-up, and the
 * 30-day figures above them, as the list's one answer brings them.
 */
const crowd: ClientShape[] = manyClients(30).map((shape, index) =>
  index % 4 === 1
    ? {
        ...shape,
        followUp: {
          dueDate: mockNowDay,
          reason: 'Ask how the slower breathing feels after the evening walks',
          isDue: true,
        },
      }
    : shape,
);

/** The figures over the last 30 days, as a coach who acted on most episodes sees them. */
const figures: AttentionFigures = {
  days: 30,
  episodes: 12,
  actedOn: 9,
  medianHoursToFirstAction: 26,
  endedAfterAction: 7,
  endedWithoutAction: 2,
  keptAt: null,
};

/**
 * The whole rows between the table's sticky header and the bottom of the window (or of the
 * table's box): what the coach sees without scrolling.
 */
function wholeRowsInView(table: HTMLElement) {
  const header = table.querySelector('th')?.getBoundingClientRect();
  const box = table.parentElement?.getBoundingClientRect();
  const bottom = Math.min(window.innerHeight, box?.bottom ?? 0);
  return dataRows(table).filter((row) => {
    const { top, bottom: rowBottom } = row.getBoundingClientRect();
    return top >= (header?.bottom ?? 0) - 0.5 && rowBottom <= bottom + 0.5;
  });
}

const firstScreenAt = (
  { width, rows }: (typeof firstScreens)[number],
  locale: 'en-US' | 'es',
): Story => {
  const { height } = windowAt(width);
  return {
    render: renderApp,
    globals: { ...viewportAt(width), locale },
    parameters: {
      route: '/clients',
      session: { tokens: fixtureTokens.coach },
      docs: { story: ownFrame(height) },
    },
    beforeEach({ msw }) {
      msw.use(
        http.get('*/api/analytics/clients', () =>
          HttpResponse.json({ ...clientList(crowd), attentionFigures: figures }),
        ),
        ...createHandlers(),
      );
    },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const table = await canvas.findByRole('table', {
        name: locale === 'es' ? 'Clientes' : 'Clients',
      });
      await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
      await expect(window.innerWidth).toBe(width);
      await expect(window.innerHeight).toBe(height);
      await expect(canvas.getByTestId('attention-figures')).toBeVisible();
      await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
      const region = table.parentElement as HTMLElement;
      await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
      await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      await expectHeadersApart(table);
      await expectOneLineReasons(table);
      // Every row of two lines at most: one height for all, whatever its texts.
      const heights = new Set(
        dataRows(table).map((row) => Math.round(row.getBoundingClientRect().height)),
      );
      await expect(heights.size).toBe(1);
      await expect(wholeRowsInView(table).length).toBeGreaterThanOrEqual(rows);
      // The header row stays in view as the rows scroll under it.
      const header = table.querySelector('th') as HTMLElement;
      const headerTop = header.getBoundingClientRect().top;
      region.scrollTop = region.scrollHeight;
      await waitFor(() => expect(header.getBoundingClientRect().top).toBe(headerTop));
      region.scrollTop = 0;
    },
  };
};

/** My clients at 1,004 x 768 in English: 8 whole rows at least. */
export const FirstScreen1004 = {
  name: 'First screen, 1,004 × 768',
  ...firstScreenAt(firstScreens[0], 'en-US'),
};
/** At 1,004 x 768 in Spanish. */
export const FirstScreen1004Es = {
  name: 'First screen, 1,004 × 768, Spanish',
  ...firstScreenAt(firstScreens[0], 'es'),
};
/** At 1,280 x 800 in English: 10 whole rows at least. */
export const FirstScreen1280 = {
  name: 'First screen, 1,280 × 800',
  ...firstScreenAt(firstScreens[1], 'en-US'),
};
/** At 1,280 x 800 in Spanish. */
export const FirstScreen1280Es = {
  name: 'First screen, 1,280 × 800, Spanish',
  ...firstScreenAt(firstScreens[1], 'es'),
};
/** At 1,440 x 900 in English: 12 whole rows at least. */
export const FirstScreen1440 = {
  name: 'First screen, 1,440 × 900',
  ...firstScreenAt(firstScreens[2], 'en-US'),
};
/** At 1,440 x 900 in Spanish. */
export const FirstScreen1440Es = {
  name: 'First screen, 1,440 × 900, Spanish',
  ...firstScreenAt(firstScreens[2], 'es'),
};
/** At 1,920 x 1,080 in English: 14 whole rows at least. */
export const FirstScreen1920 = {
  name: 'First screen, 1,920 × 1,080',
  ...firstScreenAt(firstScreens[3], 'en-US'),
};
/** At 1,920 x 1,080 in Spanish. */
export const FirstScreen1920Es = {
  name: 'First screen, 1,920 × 1,080, Spanish',
  ...firstScreenAt(firstScreens[3], 'es'),
};
