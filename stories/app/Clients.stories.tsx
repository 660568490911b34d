import { createHandlers } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { type ClientShape, clientListHandler, manyClients } from './clientSummaries.ts';
import { clientsTable, dataRows, rowNames } from './clientsStory.ts';
import { signedInParameters, signedInScreen } from './signedInScreen.tsx';

/** 'My clients' ('/clients') in the signed-in app, the demo coach signed in from stored tokens. */
const meta = {
  title: 'App/Screens/My clients',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-clients',
  ...signedInScreen(),
  parameters: { docs: { story: ownFrame() }, ...signedInParameters('/clients') },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const withClients = (shapes: ClientShape[]): Story['beforeEach'] =>
  function useClients({ msw }) {
    // First: a story's handlers answer before the mocks' list.
    msw.use(clientListHandler(shapes), ...createHandlers());
  };

const serverFailure = {
  status: 500,
  error: 'internal_error',
  message: 'Something went wrong',
} as const;

/** The mocks' 14 clients: those needing attention first, each saying why. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, table } = await clientsTable(canvasElement);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    await expect(headers).toEqual([
      'Name/Surname',
      'Phase',
      'Engagement(48h)',
      'Productivity',
      'Mental',
      'Physical',
      'Exercises',
      'Reflections',
      'Assessments',
      'Messages',
    ]);
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'My clients',
    );
    await expect(canvas.getByText('Average, all clients')).toBeVisible();
    await expect(canvas.getByText('14 of 14 clients')).toBeVisible();
    // The mocks' one due follow-up: Jamie's, today.
    await expect(canvas.getByRole('button', { name: 'Follow-up due (1)' })).toBeVisible();
    await expect(
      dataRows(canvasElement).find((row) => row.textContent?.startsWith('Jamie Lee')),
    ).toHaveTextContent('Follow-up due Nov 16: Ask how the slower breathing feels');
    // The first rows say why they are there, in words.
    const first = dataRows(canvasElement)[0] as HTMLTableRowElement;
    await expect(first).toHaveTextContent(
      /^Tomás Herrera.*Needs attention: No data since Wednesday/,
    );
    // Every column readable at 1280 px: nothing scrolls sideways.
    const region = canvas.getByRole('region', { name: 'Clients' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};

/**
 * The clients' unread messages: a badge by the name ('2 unread messages' to a screen reader),
 * the total by 'My clients' in the menu, and the list sorted by the messages column, most first:
 * Jamie Lee (2), Maria-Fernanda (1), then those who have none.
 */
export const UnreadMessages: Story = {
  parameters: { route: '/clients?sort=messages&dir=desc' },
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await waitFor(() => expect(rowNames(canvasElement)[0]).toBe('Jamie Lee'));
    await expect(rowNames(canvasElement)[1]).toMatch(/^Maria-Fernanda/);
    const [jamie, maria, third] = dataRows(canvasElement);
    await expect(within(jamie as HTMLElement).getAllByText('2 unread messages')).not.toHaveLength(
      0,
    );
    await expect(within(maria as HTMLElement).getAllByText('1 unread message')).not.toHaveLength(0);
    // No badge for a client with nothing unread.
    await expect((third as HTMLElement).querySelector('[data-unread]')).toBeNull();
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: /My clients/ })).toHaveAccessibleName(
      'My clients 3 unread messages',
    );
  },
};

/**
 * Three clients, the one needing attention most first: Alan Turing (no app use for 31 h), Ada
 * Lovelace (Mental 64% for 3 days, its meter marked Lagging), then Grace Hopper, who is doing
 * well.
 */
export const ThreeClients: Story = {
  beforeEach: withClients([
    { firstName: 'Ada', lastName: 'Lovelace', indicators: [88, 64, 90], lowDays: [0, 3, 0] },
    { firstName: 'Grace', lastName: 'Hopper', step: 'learn', day: 3, hours: 8.2 },
    { firstName: 'Alan', lastName: 'Turing', silentHours: 31, hours: 0.4 },
  ]),
  play: async ({ canvasElement }) => {
    await clientsTable(canvasElement);
    await expect(rowNames(canvasElement)).toEqual(['Alan Turing', 'Ada Lovelace', 'Grace Hopper']);
    const rows = dataRows(canvasElement);
    await expect(rows[0]).toHaveTextContent('No app use for 31 h');
    await expect(rows[1]).toHaveTextContent('Mental 64% for 3 days');
    await expect(
      within(rows[1] as HTMLElement).getByRole('meter', { name: 'Mental' }),
    ).toHaveAttribute('aria-valuetext', '64%, Lagging');
  },
};

/** A follow-up planned for a later day: listed in the row only once it is due. */
const laterFollowUp = {
  dueDate: '2026-11-20',
  reason: 'Ask about the new shift pattern',
  isDue: false,
};

/**
 * Follow-ups due: each flagged row says so in words, with the day and the reason (a long reason is
 * cut at two lines, whole on hover and to a screen reader); the filter counts them ('Follow-up due
 * (2)'). Among clients who are otherwise fine, those with a due follow-up come first, the longest
 * due first; one planned for a later day is neither flagged nor counted.
 */
export const FollowUpsDue: Story = {
  beforeEach: withClients([
    { firstName: 'Ada', lastName: 'Lovelace', indicators: [88, 64, 90], lowDays: [0, 3, 0] },
    { firstName: 'Grace', lastName: 'Hopper', followUp: laterFollowUp },
    {
      firstName: 'Alan',
      lastName: 'Turing',
      followUp: {
        dueDate: '2026-11-16',
        reason:
          'Ask how the first week back at work went, whether the evening breathing still fits ' +
          'around the late meetings, and if the Thursday sessions should move to the morning',
        isDue: true,
      },
    },
    {
      firstName: 'Mary',
      lastName: 'Somerville',
      followUp: { dueDate: '2026-11-12', reason: 'Check the sleep goal', isDue: true },
    },
  ]),
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Follow-up due (2)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(rowNames(canvasElement)).toEqual([
      'Ada Lovelace',
      'Mary Somerville',
      'Alan Turing',
      'Grace Hopper',
    ]);
    const rows = dataRows(canvasElement);
    await expect(rows[1]).toHaveTextContent('Follow-up due Nov 12: Check the sleep goal');
    const long = within(rows[2] as HTMLElement).getByText(/^Follow-up due Nov 16: Ask how/);
    await expect(long).toHaveTextContent(/move to the morning$/);
    // Cut in the row, whole in its details (the name cell's title, a focused row's tooltip).
    await expect(long.closest('[data-row-details]')).toHaveAttribute(
      'title',
      expect.stringMatching(/\nFollow-up due Nov 16: Ask how the first week/),
    );
    await expect(rows[3]).not.toHaveTextContent('Follow-up');
    await expect(rows[0]).not.toHaveTextContent('Follow-up');
  },
};

/** No follow-up due (one planned for later): no row flagged, the filter's count is 0. */
export const NoFollowUpsDue: Story = {
  beforeEach: withClients([
    { firstName: 'Grace', lastName: 'Hopper', followUp: laterFollowUp },
    { firstName: 'Alan', lastName: 'Turing' },
  ]),
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Follow-up due (0)' })).toBeVisible();
    for (const row of dataRows(canvasElement)) await expect(row).not.toHaveTextContent('Follow-up');
  },
};

/** Forty clients: the count reads '40 of 40 clients' and the table scrolls inside the screen. */
export const FortyClients: Story = {
  beforeEach: withClients(manyClients(40)),
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await expect(canvas.getByText('40 of 40 clients')).toBeVisible();
  },
};

/**
 * A practice of 10,000 clients: only the rows in view are in the page, and a sort reorders them
 * without a wait.
 */
export const TenThousandClients: Story = {
  beforeEach: withClients(manyClients(10_000)),
  play: async ({ canvasElement }) => {
    const { canvas, table } = await clientsTable(canvasElement);
    await expect(canvas.getByText('10,000 of 10,000 clients')).toBeVisible();
    await expect(table).toHaveAttribute('aria-rowcount', '10002');
    await expect(dataRows(canvasElement).length).toBeLessThanOrEqual(60);
    const name = within(table).getByRole('columnheader', { name: /^Name\/Surname/ });
    await userEvent.click(within(name).getByRole('button'));
    await waitFor(() => expect(name).toHaveAttribute('aria-sort', 'ascending'));
    const ascending = rowNames(canvasElement);
    await userEvent.click(within(name).getByRole('button'));
    await waitFor(() => expect(name).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(rowNames(canvasElement)[0]).not.toBe(ascending[0]));
    await expect(dataRows(canvasElement).length).toBeLessThanOrEqual(60);
  },
};

/** A new coach: what the list will show, and when. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ emptyLists: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No clients yet')).toBeVisible();
    await expect(canvas.queryByRole('searchbox')).not.toBeInTheDocument();
    await expect(canvas.queryByText('Average, all clients')).not.toBeInTheDocument();
    // The offer to invite, and no pending invites yet.
    await expect(canvas.getByRole('button', { name: 'Invite your first client' })).toBeVisible();
    await expect(await canvas.findByText(/^No pending invites/)).toBeVisible();
  },
};

/**
 * While the list loads (the request never answers): 8 skeleton rows in a busy table under the real
 * header.
 */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { listClientSummaries: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { hidden: true });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvasElement.querySelectorAll('tbody tr[data-kind="loading"]')).toHaveLength(8);
  },
};

/**
 * The list fails: the alert 'Error processing users' with Try again; a retry asks again and, the
 * mock still failing, the alert comes back.
 */
export const LoadError: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ failures: { listClientSummaries: serverFailure } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error processing users');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Asked again; the mock still fails, so the error comes back.
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

/** The server out of reach: it says so, with a retry, never a blank screen. */
export const ServerUnreachable: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/analytics/clients', () => HttpResponse.error()),
      ...createHandlers(),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The server could not be reached, please try again');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.getByRole('heading', { name: 'My clients', level: 1 })).toBeVisible();
  },
};

/**
 * Eight clients all lagging (Physical 69.9%, just under the 70% limit): every row shows its reason
 * and the lagging colour; check the column stays readable when nothing is green.
 */
export const AllLagging: Story = {
  beforeEach: withClients(
    manyClients(8).map((shape, index) => ({
      ...shape,
      step: index % 2 === 0 ? 'learn' : 'sense',
      indicators: [40 + index, 55 + index, 69.9],
      silentHours: 3,
      hours: 4,
    })),
  ),
  play: async ({ canvasElement }) => {
    await clientsTable(canvasElement);
    for (const row of dataRows(canvasElement))
      await expect(row).toHaveTextContent('Physical 69.9%');
  },
};

/** Silent clients: 'no data' (since when) apart from low scores. */
export const NoData: Story = {
  beforeEach: withClients([
    {
      firstName: 'Nina',
      lastName: 'Never',
      silentHours: null,
      hours: 0,
      indicators: [null, null, null],
    },
    { firstName: 'Sam', lastName: 'Silent', silentHours: 31, hours: 0.2 },
    {
      firstName: 'Tess',
      lastName: 'Tuesday',
      silentHours: 6 * 24 - 4,
      hours: 0,
      indicators: [60, 50, 75],
    },
    { firstName: 'Lou', lastName: 'Lowscore', indicators: [62, 80, 80] },
  ]),
  play: async ({ canvasElement }) => {
    await clientsTable(canvasElement);
    await expect(rowNames(canvasElement)).toEqual([
      'Nina Never',
      'Tess Tuesday',
      'Sam Silent',
      'Lou Lowscore',
    ]);
    const rows = dataRows(canvasElement);
    await expect(rows[0]).toHaveTextContent('No app use yet');
    await expect(rows[1]).toHaveTextContent('No data since Tuesday');
    await expect(rows[2]).toHaveTextContent('No app use for 31 h');
    await expect(rows[3]).toHaveTextContent('Productivity 62%');
  },
};

/**
 * Very long and unbreakable names: a name takes at most two lines, cut with an ellipsis after
 * that; the other columns stay aligned. The pending invites show below the table.
 */
export const LongNames: Story = {
  beforeEach: withClients([
    {
      firstName: 'Maria-Fernanda Esperanza',
      lastName: 'de la Concepción Rodríguez-Villanueva',
      indicators: [61, 62, 63],
    },
    {
      firstName: 'Wolfeschlegelsteinhausenbergerdorff',
      lastName: 'Hubert Blaine',
      silentHours: 50,
    },
    { firstName: 'Li', lastName: 'Na' },
  ]),
  // The snapshot waits for what it shows: the loaded table and the pending invites below it.
  play: async ({ canvasElement }) => {
    await clientsTable(canvasElement);
    await expect(rowNames(canvasElement)).toEqual([
      'Wolfeschlegelsteinhausenbergerdorff Hubert Blaine',
      'Maria-Fernanda Esperanza de la Concepción Rodríguez-Villanueva',
      'Li Na',
    ]);
    await within(canvasElement).findByText('robin.walsh@example.com');
  },
};

/** No picture, and a picture that fails to load: the person icon either way. */
export const MissingPictures: Story = {
  beforeEach: withClients([
    { firstName: 'Nora', lastName: 'Nopic' },
    {
      firstName: 'Bob',
      lastName: 'Broken',
      profilePicture:
        'resource/profilePicture/00000000-0000-4000-8000-000000000999?expires=1&signature=bad',
    },
  ]),
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Bob Broken' }).tagName).toBe('DIV'),
    );
    await expect(canvas.getByRole('img', { name: 'Nora Nopic' }).tagName).toBe('DIV');
  },
};

/**
 * Grow has no reflection windows: its rows show sense's averages, labelled so, never flagged
 * (Gus's 64 % and 58 % are not lagging), and left out of the averages row.
 */
export const GrowClients: Story = {
  beforeEach: withClients([
    { firstName: 'Gia', lastName: 'Grow', step: 'grow', day: 9, hours: 6 },
    {
      firstName: 'Gus',
      lastName: 'Growing',
      step: 'grow',
      day: 3,
      hours: 1,
      silentHours: 4,
      indicators: [64, 58, 71],
    },
    { firstName: 'Sue', lastName: 'Sense', indicators: [72, 75, 71] },
  ]),
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await expect(canvas.getAllByText('Sense avg')).toHaveLength(6);
    await expect(canvas.queryByText('Lagging')).toBeNull();
    const gus = dataRows(canvasElement)[0] as HTMLElement;
    await expect(within(gus).getByRole('meter', { name: 'Mental, Sense avg' })).toHaveAttribute(
      'aria-valuetext',
      '58%',
    );
    await expect(gus).toHaveTextContent('1.0 h of app use in 48 h');
    await expect(gus).not.toHaveTextContent(/Mental|Productivity \d/);
    await expect(gus).toHaveTextContent('Journey since');
  },
};

/**
 * Clients around the world, the device on UTC: each row shows the client's local time, and a
 * globe with the place where their UTC offset differs (London is UTC+0 in November: no flag).
 * Low scores say for how many of the latest days they were low.
 */
export const OtherTimezones: Story = {
  beforeEach: withClients([
    { firstName: 'Aiko', lastName: 'Tanaka', timezone: 'Asia/Tokyo' },
    {
      firstName: 'Jamie',
      lastName: 'Lee',
      timezone: 'America/New_York',
      indicators: [76, 61, 66],
      lowDays: [0, 4, 1],
    },
    {
      firstName: 'Priya',
      lastName: 'Natarajan',
      timezone: 'Asia/Kolkata',
      indicators: [64, 80, 82],
      lowDays: [0, 0, 0],
    },
    { firstName: 'Lena', lastName: 'London', timezone: 'Europe/London' },
    { firstName: 'Kai', lastName: 'Teriba', timezone: 'Pacific/Tarawa' },
  ]),
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    // A client's name cell: name, email, local time, and why they need attention.
    const rowOf = (name: string) => {
      const cell = dataRows(canvasElement)
        .map((row) => row.cells[0])
        .find((candidate) => candidate?.textContent?.startsWith(name));
      if (!cell) throw new Error(`no row ${name}`);
      return cell;
    };
    await expect(rowOf('Jamie Lee')).toHaveTextContent(
      'Needs attention: Mental 61% for 4 days · Physical 66% for 1 day',
    );
    // Lagging on average, but the latest day was not low: the value alone.
    await expect(rowOf('Priya Natarajan')).toHaveTextContent(/Needs attention: Productivity 64%$/);
    await expect(
      canvas.getByText(/^Different timezone: Asia\/Tokyo, 6:30\sPM$/),
    ).toBeInTheDocument();
    // Two lines a row: a globe and the place by the name, the time in the row's details.
    const aiko = rowOf('Aiko Tanaka');
    await expect(aiko.querySelector('[data-different-timezone]')).toHaveTextContent('Tokyo');
    await expect(aiko.querySelector('[data-row-details]')).toHaveAttribute(
      'title',
      expect.stringMatching(/Different timezone: Asia\/Tokyo, 6:30\sPM/),
    );
    await expect(rowOf('Jamie Lee')).toHaveTextContent(
      /Different timezone: America\/New_York, 4:30\sAM/,
    );
    await expect(rowOf('Kai Teriba')).toHaveTextContent(
      /Different timezone: Pacific\/Tarawa, 9:30\sPM/,
    );
    const london = rowOf('Lena London');
    await expect(london).toHaveTextContent(/Local time: 9:30\sAM/);
    await expect(london).not.toHaveTextContent('Different timezone');
    await expect(london.querySelector('[data-different-timezone]')).toBeNull();
    const region = canvas.getByRole('region', { name: 'Clients' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};

/**
 * In a box narrower than the app ever gives the table (its ten columns fit from 1004 px), it
 * scrolls sideways and the name column stays.
 */
export const NarrowPinnedName: Story = {
  parameters: { width: '760px' },
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    const region = canvas.getByRole('region', { name: 'Clients' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    region.scrollLeft = region.scrollWidth;
    const nameCell = dataRows(canvasElement)[0]?.cells[0] as HTMLElement;
    await waitFor(() =>
      expect(Math.round(nameCell.getBoundingClientRect().left)).toBe(
        Math.round(region.getBoundingClientRect().left + region.clientLeft),
      ),
    );
  },
};
