import { createHandlers, fixtureTokens, type HandlersOptions, mockClientIds } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ProfileActions } from '../../packages/app/src/features/clientProfile/index.ts';
import { animationsSettled } from '../ui/fixtures/openDialog.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { chooseOption } from './chooseOption.ts';
import { expectToast } from './expectToast.ts';
import { dialogClosed, openModal } from './profileActionsStory.ts';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

type StoryArgs = { clientId: string; handlers?: HandlersOptions };

/** 'Start next phase' on the profile: the actions alone, over the mocks of the demo coach. */
const meta = {
  title: 'App/Dialogs/Next phase',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-dialogs-phasechange',
  render: ({ clientId }) => <ProfileActions clientId={clientId} />,
  decorators: [withCoachApi, withAppRootFontSize],
  args: { clientId: mockClientIds.maria },
  parameters: { docs: { story: ownFrame(600) }, session: { tokens: fixtureTokens.coach } },
  beforeEach({ msw, args }) {
    msw.use(...createHandlers(args.handlers));
  },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const openPhaseChange = (canvasElement: HTMLElement) =>
  openModal(canvasElement, 'Start next phase', 'Start next phase');

/** Opens the goal choices Select, chooses 'Calm' and closes the list (it stays open to add more). */
async function chooseCalm(modal: ReturnType<typeof within>) {
  const trigger = modal.getByRole('combobox', { name: 'Goal choices' });
  const calm = await chooseOption(trigger, 'Goal choices', 'Calm');
  await expect(calm).toHaveAttribute('aria-selected', 'true');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  await expect(trigger).toHaveTextContent('Calm');
}

/** Fills the form: one goal, a BPM from the Select, one goal choice from its Select. */
async function fillPhaseChange(modal: ReturnType<typeof within>) {
  await userEvent.click(modal.getByRole('checkbox', { name: 'Breathing' }));
  const breaths = modal.getByRole('combobox', { name: 'Breaths per minute' });
  await chooseOption(breaths, 'Breaths per minute', '6 BPM');
  await chooseCalm(modal);
}

/** Maria is in learn: the modal names Sense, offers the goals, BPM and goal choices, and warns. */
export const Planned: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await openPhaseChange(canvasElement);
    await expect(modal.getByText('Sense')).toBeVisible();
    await expect(modal.getAllByRole('checkbox')).toHaveLength(6);
    await expect(modal.getByRole('combobox', { name: 'Goal choices' })).toHaveTextContent(
      'Select goal choices',
    );
    await expect(
      modal.getByText(/once changing journey phase, you can not return the old one/),
    ).toBeVisible();
    await userEvent.click(modal.getByRole('combobox', { name: 'Breaths per minute' }));
    const listbox = await screen.findByRole('listbox', { name: 'Breaths per minute' });
    const options = within(listbox).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(['10 BPM', '8 BPM', '6 BPM']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await userEvent.click(modal.getByRole('combobox', { name: 'Goal choices' }));
    const choices = await screen.findByRole('listbox', { name: 'Goal choices' });
    await expect(choices).toHaveAttribute('aria-multiselectable', 'true');
    await expect(
      within(choices)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Learn', 'Energy', 'Focus', 'Calm']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await animationsSettled();
  },
};

/** Confirmed with nothing chosen: each field says what it needs and the button waits. */
export const Incomplete: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await openPhaseChange(canvasElement);
    const confirm = modal.getByRole('button', { name: 'Start Sense' });
    await userEvent.click(confirm);
    await expect(await modal.findByText('Choose at least one goal')).toBeVisible();
    await expect(modal.getByText('Choose the BPM')).toBeVisible();
    await expect(modal.getByText('Choose at least one goal choice')).toBeVisible();
    const goalChoices = modal.getByRole('combobox', { name: 'Goal choices' });
    await expect(goalChoices).toHaveAttribute('aria-invalid', 'true');
    await expect(goalChoices).toHaveAccessibleDescription(/Choose at least one goal choice/);
    await expect(confirm).toBeDisabled();
    await userEvent.click(modal.getByRole('checkbox', { name: 'Productivity' }));
    await expect(modal.queryByText('Choose at least one goal')).not.toBeInTheDocument();
  },
};

/**
 * Aiko is in grow: 'Start next phase' reads her journey (the profile opens without that call),
 * and the spec's text takes the action's place.
 */
export const NonePlanned: Story = {
  args: { clientId: mockClientIds.aiko },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start next phase' }));
    await expect(await canvas.findByText('No new phases are planned yet')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Start next phase' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Generate report' })).toBeVisible();
  },
};

/** Confirmed: 'Phase successfully changed', the modal closes, and the journey is read again. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await openPhaseChange(canvasElement);
    await fillPhaseChange(modal);
    await userEvent.click(modal.getByRole('button', { name: 'Start Sense' }));
    await expectToast('Phase successfully changed');
    await dialogClosed();
    // The refreshed journey plans grow next, starting from the choices just made.
    const reopened = await openPhaseChange(canvasElement);
    await expect(reopened.modal.getByText('Grow')).toBeVisible();
    await expect(reopened.modal.getByRole('checkbox', { name: 'Breathing' })).toBeChecked();
    await expect(reopened.modal.getByRole('combobox', { name: 'Goal choices' })).toHaveTextContent(
      'Calm',
    );
    await expect(reopened.modal.getByRole('button', { name: 'Start Grow' })).toBeVisible();
  },
};

/** The server refuses: 'Unable to move to next phase', and the modal keeps the choices. */
export const Failure: Story = {
  args: {
    handlers: {
      failures: {
        startNextPhase: { status: 500, error: 'internal_error', message: 'Something went wrong' },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const { modal } = await openPhaseChange(canvasElement);
    await fillPhaseChange(modal);
    await userEvent.click(modal.getByRole('button', { name: 'Start Sense' }));
    await expectToast('Unable to move to next phase');
    await expect(modal.getByRole('checkbox', { name: 'Breathing' })).toBeChecked();
    await expect(modal.getByRole('combobox', { name: 'Goal choices' })).toHaveTextContent('Calm');
    await expect(modal.getByRole('button', { name: 'Start Sense' })).toBeEnabled();
  },
};
