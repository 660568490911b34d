import { createHandlers, createMockState, mockClientIds } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { clientsTable, rowNames } from './clientsStory.ts';
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
  title: 'App/Journeys/HostileNames',
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
