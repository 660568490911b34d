import { Stack } from '@chakra-ui/react';
import { createHandlers, fixtureTokens, type HandlersOptions, mockClientIds } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  ProfileActions,
  ReportsSection,
} from '../../packages/app/src/features/clientProfile/index.ts';
import { animationsSettled } from '../ui/fixtures/openDialog.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectToast } from './expectToast.ts';
import { dialogClosed, loadedSection, openModal } from './profileActionsStory.ts';
import { releaseFocus } from './releaseFocus.ts';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

type StoryArgs = { clientId: string; handlers?: HandlersOptions };

/** 'Generate report' on the profile with the reports list it adds to, over the demo mocks. */
const meta = {
  title: 'App/Dialogs/Report',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-dialogs-reportmodal',
  render: ({ clientId }) => (
    <Stack gap="6" padding="6" maxWidth="3xl">
      <ProfileActions clientId={clientId} />
      <ReportsSection clientId={clientId} />
    </Stack>
  ),
  decorators: [withCoachApi, withAppRootFontSize],
  args: { clientId: mockClientIds.jamie },
  parameters: {
    docs: { story: ownFrame() },
    layout: 'fullscreen',
    session: { tokens: fixtureTokens.coach },
  },
  beforeEach({ msw, args }) {
    msw.use(...createHandlers(args.handlers));
  },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const notes = [
  'Mental wellbeing',
  'Physical wellbeing',
  'Productivity',
  'Final comments from coach',
];

const openReport = (canvasElement: HTMLElement) =>
  openModal(canvasElement, 'Generate report', 'Generate report');

function errorColour() {
  const probe = document.createElement('span');
  probe.style.color = 'var(--chakra-colors-error-fg)';
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

async function writeNotes(modal: ReturnType<typeof within>) {
  await userEvent.click(modal.getByLabelText('Mental wellbeing'));
  await userEvent.paste('Calmer mornings since the breathing exercises.');
  await userEvent.click(modal.getByLabelText('Final comments from coach'));
  await userEvent.paste('Keep going with the evening routine.');
}

/** Notes written and 'Generate' clicked: the modal, to see what came of it. */
async function generateWithNotes(canvasElement: HTMLElement) {
  const { modal } = await openReport(canvasElement);
  await writeNotes(modal);
  await userEvent.click(modal.getByRole('button', { name: 'Generate' }));
  return modal;
}

/** The bodies of the report calls a story made, read on their way to the mocks. */
const sentReportBodies: unknown[] = [];

/** The dialog with the period's notes, as it opens: off, and what choosing it puts in the PDF. */
async function openWithNotesChoice(canvasElement: HTMLElement) {
  const { modal } = await openReport(canvasElement);
  const choice = modal.getByRole('checkbox', { name: 'Include my notes from this period' });
  await expect(choice).not.toBeChecked();
  await expect(choice).toHaveAccessibleDescription(
    "Your private notes on this client written in the report's period (the newest 30), with their dates. Anyone you give the report to can read them.",
  );
  await userEvent.click(modal.getByText('Include my notes from this period'));
  await expect(choice).toBeChecked();
  return modal;
}

/**
 * 'Include my notes from this period': off when the dialog opens, said to put the coach's private
 * notes of the period (the newest 30) in the PDF for whoever gets it; here chosen.
 */
export const IncludeNotesChosen: Story = {
  play: async ({ canvasElement }) => {
    await openWithNotesChoice(canvasElement);
  },
};

/** Chosen and generated: the call asks for the notes, and the new report heads the list. */
export const IncludeNotes: Story = {
  args: { clientId: mockClientIds.maria, handlers: { noReports: true } },
  beforeEach({ msw }) {
    sentReportBodies.length = 0;
    msw.use(
      // Reads the body and answers nothing: the mocks' handler answers the call.
      http.post('*/api/resource/clients/:clientId/reports', async ({ request }) => {
        sentReportBodies.push(await request.clone().json());
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const section = await loadedSection(canvasElement, 'Reports');
      const modal = await openWithNotesChoice(canvasElement);
      await userEvent.click(modal.getByRole('button', { name: 'Generate' }));
      await dialogClosed();
      await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(1));
      await expect(sentReportBodies).toEqual([
        expect.objectContaining({ includeNotes: true, finalComments: '' }),
      ]);
    } finally {
      click.mockRestore();
    }
  },
};

/** The list of Jamie's reports with its date and author; each downloads. */
export const ReportsList: Story = {
  play: async ({ canvasElement }) => {
    const section = await loadedSection(canvasElement, 'Reports');
    await expect(section.getAllByRole('listitem')).toHaveLength(1);
    await expect(section.getByText(/Generated on .* by /)).toBeVisible();
    await expect(section.getByRole('button', { name: /Download the report of/ })).toBeVisible();
  },
};

/** Four labelled notes, each with its 'length/500' counter, counting as the coach types. */
export const Counters: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await openReport(canvasElement);
    for (const label of notes) await expect(modal.getByLabelText(label)).toBeVisible();
    await expect(modal.getAllByText('0/500')).toHaveLength(4);
    await userEvent.type(modal.getByLabelText('Productivity'), 'Focused');
    await expect(modal.getByText('7/500')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Generate' })).toBeEnabled();
  },
};

/** A note of 501 characters: its counter turns to the error colour and Generate waits. */
export const OverTheMax: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await openReport(canvasElement);
    await userEvent.click(modal.getByLabelText('Physical wellbeing'));
    await userEvent.paste('w'.repeat(501));
    const counter = await modal.findByText('501/500');
    await expect(getComputedStyle(counter).color).toBe(errorColour());
    await expect(modal.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await userEvent.keyboard('{Backspace}');
    await expect(await modal.findByText('500/500')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Generate' })).toBeEnabled();
  },
};

/** While the server renders: the modal says not to close the app, and blocks a second click. */
export const Generating: Story = {
  args: { handlers: { delays: { createClientReport: 'forever' } } },
  play: async ({ canvasElement }) => {
    const { modal, dialog } = await openReport(canvasElement);
    await writeNotes(modal);
    const generate = modal.getByRole('button', { name: 'Generate' });
    await userEvent.click(generate);
    await expect(
      await modal.findByText('Generating the report. Do not close the app until it is ready.'),
    ).toBeVisible();
    await expect(generate).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape does not close it either.
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeInTheDocument();
    releaseFocus();
  },
};

/** The server fails: 'Error generating report', and the notes stay for another try. */
export const Failure: Story = {
  args: { handlers: { reportCreateFails: true } },
  play: async ({ canvasElement }) => {
    const modal = await generateWithNotes(canvasElement);
    await expectToast('Error generating report');
    await expect(modal.getByLabelText('Mental wellbeing')).toHaveValue(
      'Calmer mornings since the breathing exercises.',
    );
    await expect(modal.getByRole('button', { name: 'Generate' })).toBeEnabled();
  },
};

/** Generated: the modal closes, the new report heads the list, and its PDF downloads. */
export const Success: Story = {
  args: { clientId: mockClientIds.maria, handlers: { noReports: true } },
  play: async ({ canvasElement }) => {
    const saved: string[] = [];
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      const section = await loadedSection(canvasElement, 'Reports');
      await expect(section.getByText('No reports yet')).toBeVisible();
      await generateWithNotes(canvasElement);
      await dialogClosed();
      await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(1));
      await waitFor(() => expect(saved).toHaveLength(1));
      await expect(saved[0]).toMatch(/^report-maria-fernanda-.+-\d{4}-\d{2}-\d{2}\.pdf$/);
    } finally {
      click.mockRestore();
    }
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/**
 * More than a page: 20 reports, 'Show more' adds the next 20, then the last 5. The page is then
 * scrolled toward the last report, so that the picture no longer depends on where the focus of
 * the last click left the page (CI 66 caught the list at its top, its baseline further down).
 */
export const ReportsPaging: Story = {
  args: { handlers: { reportCount: 45 } },
  play: async ({ canvasElement }) => {
    const section = await loadedSection(canvasElement, 'Reports');
    await expect(section.getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(section.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(40));
    await userEvent.click(section.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(45));
    await expect(section.queryByRole('button', { name: 'Show more' })).toBeNull();
    section.getAllByRole('listitem')[44]?.scrollIntoView({ block: 'end' });
  },
};

/** The loaded reports, with the question that the first one's 'Delete' asked, settled. */
async function askToDelete(canvasElement: HTMLElement) {
  const section = await loadedSection(canvasElement, 'Reports');
  await userEvent.click(section.getByRole('button', { name: /Delete the report of/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
  await animationsSettled();
  return { section, dialog };
}

/** 'Delete' asks first, naming the report's date and author. */
export const DeleteConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const modal = within((await askToDelete(canvasElement)).dialog);
    await expect(
      modal.getByText(/Delete the report generated on .* by .*\? It can not be recovered\./),
    ).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(modal.getByRole('button', { name: 'Delete report' })).toBeEnabled();
  },
};

/** Confirmed: 'Report deleted', and the list is empty. */
export const Deleted: Story = {
  play: async ({ canvasElement }) => {
    const { section, dialog } = await askToDelete(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    await expectToast('Report deleted');
    await dialogClosed();
    await expect(section.getByText('No reports yet')).toBeVisible();
  },
};

/** The server fails: 'Error deleting report', the question stays for another try. */
export const DeleteFailure: Story = {
  args: { handlers: { reportDeleteFails: true } },
  play: async ({ canvasElement }) => {
    const { dialog } = await askToDelete(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    await expectToast('Error deleting report');
    await expect(within(dialog).getByRole('button', { name: 'Delete report' })).toBeEnabled();
  },
};

/** Past the coach's reports of the day: when to try again, and the notes stay. */
export const QuotaReached: Story = {
  args: { handlers: { reportQuotaReached: true } },
  play: async ({ canvasElement }) => {
    const modal = await generateWithNotes(canvasElement);
    await expectToast(
      'You have generated as many reports as a day allows. Try again in 60 minutes.',
    );
    await expect(modal.getByLabelText('Mental wellbeing')).toHaveValue(
      'Calmer mornings since the breathing exercises.',
    );
  },
};
