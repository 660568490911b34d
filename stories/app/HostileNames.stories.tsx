import { createHandlers, createMockState, mockClientIds, mockNow } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { clientList } from './clientSummaries.ts';
import { clientsTable, dataRows, rowNames } from './clientsStory.ts';
import { openModal } from './profileActionsStory.ts';
import { signedInParameters, signedInScreen } from './signedInScreen.tsx';

type Name = { firstName: string; lastName: string };

const markup = { firstName: '<img src=x onerror=alert(1)>', lastName: '<script>alert(2)</script>' };
const emoji = { firstName: '😀'.repeat(250), lastName: 'Emoji' };
// A right-to-left mark around Hebrew, and a right-to-left override left open (shows 'exe.jpg').
const bidi = { firstName: '\u200fדנה\u200f', lastName: 'Levi\u202egpj.exe' };

/** Names as a hostile or unusual client would type them, on five of the mock clients. */
const hostileNames = new Map<string, Name>([
  [mockClientIds.jamie, markup],
  [mockClientIds.maria, { firstName: "Robert'); DROP TABLE persons;--", lastName: "' OR '1'='1" }],
  [mockClientIds.noah, bidi],
  [mockClientIds.aiko, emoji],
  [mockClientIds.kai, { firstName: '{{coachName}}', lastName: '$t(profile.title) %s' }],
]);

const fullName = ({ firstName, lastName }: Name) => `${firstName} ${lastName}`;
const markupName = fullName(markup);
const emojiName = fullName(emoji);

/**
 * What would show that a name became markup: elements the payloads would create, inline
 * handlers, and scripts in the story's page.
 */
const injectedElements = () =>
  [...document.querySelectorAll('img[src="x"], [onerror], #storybook-root script')].map(
    (element) => element.outerHTML,
  );

/**
 * The signed-in app over the demo mocks, keeping five clients renamed with markup, SQL,
 * bidirectional controls, 250 emoji and i18n placeholders: every screen shows them as text.
 */
const meta = {
  title: 'App/Journeys/Hostile names',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-journeys-hostilenames',
  ...signedInScreen(),
  parameters: { docs: { story: ownFrame() }, ...signedInParameters('/clients') },
  beforeEach({ msw }) {
    // Only the five renamed clients, so that every one of them is in view.
    const state = createMockState();
    state.clients = state.clients.filter((record) => hostileNames.has(record.person.id));
    state.persons = state.persons.filter(
      (person) => person.type === 'coach' || hostileNames.has(person.id),
    );
    for (const record of state.clients) {
      Object.assign(record.person, hostileNames.get(record.person.id));
    }
    msw.use(...createHandlers({ state }));
    // Before the first render: a name run as markup would call it as soon as its image failed.
    const alert = spyOn(window, 'alert').mockImplementation(() => {});
    return () => alert.mockRestore();
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing ran: no alert, and no element came out of a name. */
async function expectNothingInjected() {
  await expect(window.alert).not.toHaveBeenCalled();
  await expect(injectedElements()).toEqual([]);
}

/** 'My clients' with the five names in their rows, as typed. */
export const ClientsList: Story = {
  play: async ({ canvasElement }) => {
    await clientsTable(canvasElement);
    const names = rowNames(canvasElement);
    for (const name of hostileNames.values()) {
      await expect(names).toContain(fullName(name));
    }
    await expectNothingInjected();
  },
};

/** The search takes markup as text: '<script>' finds the client named with it. */
export const SearchForMarkup: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), '<script>');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([markupName]));
    await expectNothingInjected();
  },
};

/** The profile of the client named with markup: heading, breadcrumb and picture's name. */
export const MarkupProfile: Story = {
  parameters: { route: `/clients/${mockClientIds.jamie}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 1, name: markupName });
    await expect(heading.textContent).toBe(markupName);
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(
      `My clients${markupName}`,
    );
    await expectNothingInjected();
  },
};

/** The report's notes with payloads in them stay text in the modal. */
export const MarkupReportNotes: Story = {
  parameters: { route: `/clients/${mockClientIds.jamie}` },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: markupName });
    const { modal } = await openModal(canvasElement, 'Generate report', 'Generate report');
    const note = '<img src=x onerror=alert(3)> {{name}} $t(profile.title)';
    const field = modal.getByLabelText('Mental wellbeing');
    await userEvent.click(field);
    await userEvent.paste(note);
    await expect(field).toHaveValue(note);
    await expectNothingInjected();
  },
};

/** 250 emoji in a first name: the heading wraps inside the page, nothing cut mid-character. */
export const EmojiProfile: Story = {
  parameters: { route: `/clients/${mockClientIds.aiko}` },
  play: async ({ canvasElement }) => {
    const heading = await within(canvasElement).findByRole('heading', {
      level: 1,
      name: emojiName,
    });
    await expect(heading.textContent).toBe(emojiName);
    await expect(heading.scrollWidth).toBeLessThanOrEqual(heading.clientWidth);
    await expectNothingInjected();
  },
};

/**
 * Bidirectional controls in a name stay inside it: the override left open turns its own end
 * around ('exe.jpg'), never the breadcrumb or the facts beside it.
 */
export const BidiProfile: Story = {
  parameters: { route: `/clients/${mockClientIds.noah}` },
  play: async ({ canvasElement }) => {
    const name = fullName(bidi);
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 1, name });
    await expect(heading.textContent).toBe(name);
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(
      `My clients${name}`,
    );
    await expectNothingInjected();
  },
};

/** Whether an ancestor of `element` within `cell` clips it (a line cut with an ellipsis). */
const isClipped = (element: HTMLElement, cell: HTMLElement) => {
  for (
    let parent = element.parentElement;
    parent && parent !== cell;
    parent = parent.parentElement
  ) {
    if (getComputedStyle(parent).overflowX === 'hidden') return true;
  }
  return false;
};

/** A name of 250 characters, as long as the profile's fields take. */
const longName = {
  firstName: 'Maximiliana-Josefina '.repeat(11).slice(0, 200).trim(),
  lastName: 'Z'.repeat(49),
};

/**
 * The list with a 250-character name, a right-to-left name, a right-to-left override left open,
 * and a client with every reason the rule gives at once (three low scores, little use, unread
 * messages) and a long due follow-up: each row keeps the height of the others, and nothing in a
 * row reaches past its cell.
 */
export const ClientsRowsKeepTheirHeight: Story = {
  beforeEach({ msw }) {
    const list = clientList([
      { ...longName },
      { firstName: 'דנה', lastName: 'לוי' },
      bidi,
      {
        firstName: 'Every',
        lastName: 'Reason',
        hours: 0.5,
        indicators: [41, 52, 63],
        lowDays: [9, 6, 3],
        unreadMessages: 12,
        followUp: {
          dueDate: mockNow.toISOString().slice(0, 10),
          reason:
            'Ask about the breathing, the sleep goal, the evening walks and the new job'.repeat(2),
          isDue: true,
        },
      },
      { firstName: 'Plain', lastName: 'Client' },
    ]);
    msw.use(http.get('*/api/analytics/clients', () => HttpResponse.json(list)));
  },
  play: async ({ canvasElement }) => {
    await clientsTable(canvasElement);
    const names = rowNames(canvasElement);
    await expect(names).toContain(fullName(longName));
    await expect(names).toContain('דנה לוי');
    const rows = dataRows(canvasElement);
    await expect(rows).toHaveLength(5);
    const heights = rows.map((row) => row.getBoundingClientRect().height);
    await expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(0.5);
    for (const row of rows) {
      for (const cell of row.cells) {
        const box = cell.getBoundingClientRect();
        for (const element of cell.querySelectorAll<HTMLElement>('*')) {
          const part = element.getBoundingClientRect();
          // Hidden words for screen readers are 1 px boxes, and what a cut line hides is clipped
          // by it: only what shows is measured (the cut line itself is).
          if (part.width <= 1 || part.height <= 1 || isClipped(element, cell)) continue;
          await expect(part.right).toBeLessThanOrEqual(box.right + 0.5);
          await expect(part.left).toBeGreaterThanOrEqual(box.left - 0.5);
          await expect(part.bottom).toBeLessThanOrEqual(box.bottom + 0.5);
        }
      }
    }
    // The whole of the reasons and the follow-up in the row's details.
    const every = rows.find((row) => row.textContent?.startsWith('Every Reason')) as HTMLElement;
    const details = every.querySelector('[data-row-details]')?.getAttribute('title') ?? '';
    await expect(details).toMatch(/Productivity 41% for 9 days · Mental 52% for 6 days/);
    await expect(details).toContain('and the new job');
    await expectNothingInjected();
  },
};
