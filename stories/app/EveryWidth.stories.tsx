import type { AttentionFigures } from '@coach/api';
import { createHandlers, fixtureTokens, mockNow } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { type ClientShape, clientList, manyClients } from './clientSummaries.ts';
import { dataRows } from './clientsStory.ts';
import { type DesignWidth, viewportAt, windowAt } from './designViewport.ts';
import { openModal } from './profileActionsStory.ts';
import { renderApp } from './signedInScreen.tsx';
import { expectSizedFor } from './sizedFor.ts';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

/**
 * A dialog and the first screen of My clients at the widths a coach meets. Each story is its
 * window: the canvas, the Docs frame and the test runner's page take the width its `viewport`
 * global names, and the app sizes its text by it, as in a coach's browser. The screens whole at
 * 1,024, 1,280, 1,440 and 1,920 px, in English and Spanish, are 'App/Journeys/Every width and
 * language'.
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
