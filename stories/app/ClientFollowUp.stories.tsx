import { Box } from '@chakra-ui/react';
import { createHandlers, fixtureTokens, mockClientIds, seedFollowUp } from '@coach/api/msw';
import { notesLimits } from '@coach/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, within } from 'storybook/test';
import { FollowUpSection } from '../../packages/app/src/features/clientProfile/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { expectToast } from './expectToast.ts';
import { dialogClosed, loadedSection, openModal } from './profileActionsStory.ts';
import { mockedBackend } from './signedInScreen.tsx';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

// The profile's follow-up of Jamie Lee over the mocks (the demo coach's today is 16 November 2026
// in London): Jamie's is due today; each story seeds or refuses what it shows.

const { beforeEach, backendOf } = mockedBackend();
const jamie = mockClientIds.jamie;

/**
 * The client's follow-up on the profile: 'Check in again on <date>: <reason>', flagged 'Due' once
 * the day has come in the coach's time zone; set one (a day from today to two years ahead and a
 * reason of 200 characters at most), move it, mark it done or drop it.
 */
const meta = {
  title: 'App/Sections/Follow-up',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-sections-clientfollowup',
  render: () => (
    <Box padding="6" maxWidth="xl">
      <FollowUpSection clientId={jamie} />
    </Box>
  ),
  decorators: [withCoachApi, withAppRootFontSize],
  parameters: {
    docs: { story: ownFrame(600) },
    layout: 'fullscreen',
    session: { tokens: fixtureTokens.coach },
  },
  beforeEach,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const followUp = (canvasElement: HTMLElement) => loadedSection(canvasElement, 'Follow-up');

/** Jamie's follow-up is due today: flagged. */
export const Due: Story = {
  play: async ({ canvasElement }) => {
    const section = await followUp(canvasElement);
    await expect(section.getByText('Due')).toBeVisible();
    await expect(
      section.getByText('Check in again on Nov 16, 2026: Ask how the slower breathing feels'),
    ).toBeVisible();
  },
};

/** One planned for next week: shown without the flag. */
export const NotDue: Story = {
  beforeEach() {
    seedFollowUp(backendOf().state, jamie, {
      dueDate: '2026-11-23',
      reason: 'See whether the evening walks stuck',
    });
  },
  play: async ({ canvasElement }) => {
    const section = await followUp(canvasElement);
    await expect(
      section.getByText('Check in again on Nov 23, 2026: See whether the evening walks stuck'),
    ).toBeVisible();
    await expect(section.queryByText('Due')).toBeNull();
  },
};

/** None planned: the way to set one. */
export const NoFollowUp: Story = {
  beforeEach() {
    seedFollowUp(backendOf().state, jamie, null);
  },
  play: async ({ canvasElement }) => {
    const section = await followUp(canvasElement);
    await expect(section.getByText('No follow-up planned.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Set a follow-up' })).toBeVisible();
  },
};

/** Before it has come: the section's placeholder. */
export const Loading: Story = {
  beforeEach({ msw }) {
    const { state, live } = backendOf();
    msw.use(...createHandlers({ state, liveEvents: live, delays: { getFollowUp: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Loading Follow-up' }),
    ).toBeVisible();
  },
};

/** Setting one: the form says what is missing, then the follow-up shows. */
export const SetOne: Story = {
  beforeEach() {
    seedFollowUp(backendOf().state, jamie, null);
  },
  play: async ({ canvasElement }) => {
    const { canvas, modal } = await openModal(canvasElement, 'Set a follow-up', 'Set a follow-up');
    await userEvent.click(modal.getByRole('button', { name: 'Save follow-up' }));
    await expect(await modal.findByText('Choose a day')).toBeVisible();
    await expect(modal.getByText('Say why in a few words')).toBeVisible();
    fireEvent.change(modal.getByLabelText('Check in again on'), {
      target: { value: '2026-12-01' },
    });
    await userEvent.type(modal.getByRole('textbox', { name: 'Reason' }), 'Plan the Grow phase');
    await userEvent.click(modal.getByRole('button', { name: 'Save follow-up' }));
    await expectToast('Follow-up set');
    await dialogClosed();
    await expect(
      await canvas.findByText('Check in again on Dec 1, 2026: Plan the Grow phase'),
    ).toBeVisible();
  },
};

/** A day past two years ahead is refused before any call. */
export const DateTooLate: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await openModal(canvasElement, 'Move', 'Move the follow-up');
    await expect(modal.getByRole('textbox', { name: 'Reason' })).toHaveValue(
      'Ask how the slower breathing feels',
    );
    fireEvent.change(modal.getByLabelText('Check in again on'), {
      target: { value: '2028-11-17' },
    });
    await userEvent.click(modal.getByRole('button', { name: 'Save follow-up' }));
    await expect(await modal.findByText('Choose a day within two years')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Save follow-up' })).toBeDisabled();
  },
};

/** Moving it to another day. */
export const Move: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, modal } = await openModal(canvasElement, 'Move', 'Move the follow-up');
    fireEvent.change(modal.getByLabelText('Check in again on'), {
      target: { value: '2026-11-20' },
    });
    await userEvent.click(modal.getByRole('button', { name: 'Save follow-up' }));
    await expectToast('Follow-up moved');
    await dialogClosed();
    await expect(
      await canvas.findByText('Check in again on Nov 20, 2026: Ask how the slower breathing feels'),
    ).toBeVisible();
    await expect(canvas.queryByText('Due')).toBeNull();
  },
};

/** Marked done: none is planned any more. */
export const MarkDone: Story = {
  play: async ({ canvasElement }) => {
    const section = await followUp(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'Mark done' }));
    await expectToast('Follow-up marked done');
    await expect(await section.findByText('No follow-up planned.')).toBeVisible();
  },
};

/** Dropped: none is planned any more. */
export const Drop: Story = {
  play: async ({ canvasElement }) => {
    const section = await followUp(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'Drop' }));
    await expectToast('Follow-up dropped');
    await expect(await section.findByText('No follow-up planned.')).toBeVisible();
  },
};

/** Past the coach's follow-ups of a day: the 429 says when to try again; the form stays. */
export const QuotaRefused: Story = {
  beforeEach({ msw }) {
    const { state, live } = backendOf();
    msw.use(
      ...createHandlers({
        state,
        liveEvents: live,
        failures: {
          setFollowUp: {
            status: 429,
            error: 'rate_limited',
            message: 'Too many follow-ups set today, please try again later',
            retryAfterSeconds: 86_400,
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { modal } = await openModal(canvasElement, 'Move', 'Move the follow-up');
    fireEvent.change(modal.getByLabelText('Check in again on'), {
      target: { value: '2026-11-20' },
    });
    await userEvent.click(modal.getByRole('button', { name: 'Save follow-up' }));
    await expectToast('You have set as many follow-ups as a day allows. Try again in 24 hours.');
    await expect(modal.getByRole('button', { name: 'Save follow-up' })).toBeEnabled();
  },
};

/** A date the server refuses (400 naming dueDate): the date field says so. */
export const DateRefused: Story = {
  beforeEach({ msw }) {
    const { state, live } = backendOf();
    msw.use(
      ...createHandlers({
        state,
        liveEvents: live,
        failures: {
          setFollowUp: {
            status: 400,
            error: 'invalid_request',
            message: 'dueDate must not be before today (2026-11-16)',
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { modal } = await openModal(canvasElement, 'Move', 'Move the follow-up');
    await userEvent.click(modal.getByRole('button', { name: 'Save follow-up' }));
    await expectToast('The follow-up was not set.');
    await expect(
      modal.getByText('This date was not accepted: choose a day from today to two years ahead.'),
    ).toBeVisible();
  },
};

/** The follow-up could not be read: the section's error with a retry. */
export const Failure: Story = {
  beforeEach({ msw }) {
    const { state, live } = backendOf();
    msw.use(
      ...createHandlers({
        state,
        liveEvents: live,
        failures: {
          getFollowUp: { status: 500, error: 'internal_error', message: 'Something went wrong' },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Error processing follow-up')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** In Spanish: the sentence, the Spanish date and 'Pendiente', the actions; the reason as written. */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const section = await loadedSection(canvasElement, 'Seguimiento');
    await expect(section.getByText('Pendiente')).toBeVisible();
    await expect(
      section.getByText('Volver a contactar el 16 nov 2026: Ask how the slower breathing feels'),
    ).toBeVisible();
    for (const action of ['Cambiar fecha', 'Marcar como hecho', 'Descartar']) {
      await expect(section.getByRole('button', { name: action })).toBeEnabled();
    }
    await expectSpanishPage('Seguimiento', 'Pendiente', 'Volver a contactar el 16 nov 2026');
  },
};

/** The follow-up's text wraps inside the section: nothing wider than it, nothing cut. */
async function wrapsInside(canvasElement: HTMLElement, reason: string) {
  const section = await followUp(canvasElement);
  const sentence = section.getByText((_, element) =>
    Boolean(element?.tagName === 'P' && element.textContent?.endsWith(reason)),
  );
  await expect(sentence).toBeVisible();
  await expect(sentence.scrollWidth).toBeLessThanOrEqual(sentence.clientWidth + 1);
  const region = canvasElement.querySelector('section, [role="region"]') ?? canvasElement;
  await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth + 1);
  return { section, sentence };
}

/** The longest reason the rule allows (200 characters): it wraps over lines after the date. */
const longestReason =
  'Ask how the evenings went since the phase changed, whether the slower breathing before bed ' +
  'helped her sleep, and if the Thursday walks with her sister are still on; then plan the ' +
  'next steps, together.';

/** The longest reason a follow-up can have (200 characters), due today: whole, wrapped. */
export const LongestReason: Story = {
  beforeEach() {
    seedFollowUp(backendOf().state, jamie, { dueDate: '2026-11-16', reason: longestReason });
  },
  play: async ({ canvasElement }) => {
    await expect(longestReason).toHaveLength(notesLimits.followUpReasonMaxLength);
    const { section } = await wrapsInside(canvasElement, longestReason);
    await expect(section.getByText('Due')).toBeVisible();
    await expect(
      section.getByText(`Check in again on Nov 16, 2026: ${longestReason}`),
    ).toBeVisible();
  },
};

const hostileReason =
  'Invoice \u202Egpj.exe\u202C and \u2066isolated\u2069 · مرحبا، كيف حالك؟ שלום 👩🏽‍💻🏳️‍🌈👨‍👩‍👧‍👦 <b>bold?</b> '.concat(
    'x'.repeat(60),
  );

/**
 * A reason as a hostile or unusual coach could type it: a right-to-left override around a file
 * name, an isolate, right-to-left script, emoji sequences and a 60-character run without a space.
 * Shown as plain text (the HTML as written), the scripts and emoji whole, the run wrapped, the
 * bidirectional controls dropped as in messages and notes: the file name reads as typed.
 */
export const HostileReason: Story = {
  beforeEach() {
    seedFollowUp(backendOf().state, jamie, { dueDate: '2026-11-23', reason: hostileReason });
  },
  play: async ({ canvasElement }) => {
    await expect(hostileReason.length).toBeLessThanOrEqual(notesLimits.followUpReasonMaxLength);
    const { sentence } = await wrapsInside(canvasElement, 'x'.repeat(60));
    await expect(sentence.textContent).toContain('مرحبا، كيف حالك؟ שלום 👩🏽‍💻🏳️‍🌈👨‍👩‍👧‍👦');
    await expect(sentence.textContent).toContain('<b>bold?</b>');
    await expect(sentence.querySelector('b')).toBeNull();
    // Shown as messages and notes are (the domain's shownMessageText): no bidirectional control
    // reaches the page, so 'gpj.exe' cannot read 'exe.jpg'.
    await expect(sentence.textContent).toContain('Invoice gpj.exe and isolated');
    await expect(sentence.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  },
};
