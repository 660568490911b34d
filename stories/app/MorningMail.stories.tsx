import {
  createHandlers,
  createMockState,
  fixtureIds,
  fixtureTokens,
  type MockCoachSettings,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MorningMailSection } from '../../packages/app/src/features/settings/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { chooseOption } from './chooseOption.ts';
import { expectToast } from './expectToast.ts';
import { freshMockState } from './freshMockState.ts';
import { withCoachApi } from './withCoachApi.tsx';

/**
 * The morning attention mail in Settings: on or off, its hour and the coach's timezone, over the
 * mock account service (the server's rule: the domain's `checkMorningMailSettings`).
 */
const meta = {
  title: 'App/Settings/Morning mail',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-settings-morningmail',
  component: MorningMailSection,
  decorators: [withCoachApi],
  parameters: { docs: { story: ownFrame(600) }, session: { tokens: fixtureTokens.coach } },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof MorningMailSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Handlers over a mock state where the demo coach has these settings and this timezone. */
function coachWith(settings: MockCoachSettings, timezone: string) {
  const state = createMockState();
  state.coachSettings.set(fixtureIds.coachPerson, settings);
  const coach = state.persons.find((person) => person.id === fixtureIds.coachPerson);
  if (coach) coach.timezone = timezone;
  return createHandlers({ state });
}

/** The loaded form's controls. */
async function form(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const isOn = await canvas.findByRole('checkbox', { name: 'Send me the morning mail' });
  return {
    canvas,
    isOn,
    hour: canvas.getByRole('combobox', { name: 'Hour' }),
    timezone: canvas.getByRole('combobox', { name: 'Timezone' }),
    save: canvas.getByRole('button', { name: 'Save mail settings' }),
  };
}

/** On, at 07:00 in the coach's timezone: what every coach starts with. */
export const On: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, isOn, hour, timezone } = await form(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Morning mail', level: 2 })).toBeVisible();
    await expect(isOn).toBeChecked();
    await expect(hour).toHaveTextContent('7:00 AM');
    await expect(hour).toBeEnabled();
    await expect(timezone).toHaveTextContent('Europe/London');
  },
};

/** Off: the hour is kept, and cannot be changed until the mail is on again. */
export const Off: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...coachWith(
        {
          hasTimezone: true,
          hasLanguage: false,
          isMorningMailOn: false,
          morningMailHour: 6,
          language: 'en-US',
        },
        'Europe/London',
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const { isOn, hour } = await form(canvasElement);
    await expect(isOn).not.toBeChecked();
    await expect(hour).toHaveTextContent('6:00 AM');
    await expect(hour).toBeDisabled();
  },
};

/** Another hour in another zone, with a zone name that has an underscore. */
export const EveningInAnotherZone: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...coachWith(
        {
          hasTimezone: true,
          hasLanguage: false,
          isMorningMailOn: true,
          morningMailHour: 21,
          language: 'en-US',
        },
        'America/Los_Angeles',
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const { hour, timezone } = await form(canvasElement);
    await expect(hour).toHaveTextContent('9:00 PM');
    await expect(timezone).toHaveTextContent('America/Los Angeles');
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/account/coachSettings', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(canvas.queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

export const LoadError: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          getCoachSettings: { status: 500, error: 'internal_error', message: 'Boom' },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Error loading mail settings')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * A failed read (a 500, once): 'Error loading mail settings' with a retry, which reads them. Its
 * picture would be On's.
 */
export const LoadErrorRetried: Story = {
  parameters: { snapshot: false },
  beforeEach({ msw }) {
    msw.use(
      http.get(
        '*/api/account/coachSettings',
        () => HttpResponse.json({ error: 'internal_error', message: 'Boom' }, { status: 500 }),
        { once: true },
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Error loading mail settings')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(
      await canvas.findByRole('checkbox', { name: 'Send me the morning mail' }),
    ).toBeChecked();
  },
};

const saved = freshMockState();

/**
 * A new hour and zone saved: the toast says so, and the switch, the hour and the zone are stored
 * together.
 */
export const Saved: Story = {
  beforeEach: saved.beforeEach,
  play: async ({ canvasElement }) => {
    const { hour, timezone, save } = await form(canvasElement);
    await chooseOption(hour, 'Hour', '6:00 AM');
    await chooseOption(timezone, 'Timezone', 'Europe/Berlin');
    await userEvent.click(save);
    await expectToast('Mail settings saved');
    await waitFor(() => expect(hour).toHaveTextContent('6:00 AM'));
    await expect(timezone).toHaveTextContent('Europe/Berlin');
    await expect(saved.state().coachSettings.get(fixtureIds.coachPerson)).toEqual({
      hasTimezone: true,
      hasLanguage: false,
      isMorningMailOn: true,
      morningMailHour: 6,
      language: 'en-US',
    });
    await expect(
      saved.state().persons.find((person) => person.id === fixtureIds.coachPerson)?.timezone,
    ).toBe('Europe/Berlin');
  },
};

/** Turned off and saved: the hour is kept, shown but not to be changed. */
export const TurnedOff: Story = {
  play: async ({ canvasElement }) => {
    const { isOn, hour, save } = await form(canvasElement);
    await userEvent.click(isOn);
    await expect(isOn).not.toBeChecked();
    await expect(hour).toBeDisabled();
    await userEvent.click(save);
    await expectToast('Mail settings saved');
    // What the server stored: off, at the same hour.
    await waitFor(() => expect(hour).toHaveTextContent('7:00 AM'));
    await expect(isOn).not.toBeChecked();
  },
};

export const SaveError: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          updateCoachSettings: {
            status: 500,
            error: 'internal_error',
            message: 'Something went wrong',
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { hour, save } = await form(canvasElement);
    await chooseOption(hour, 'Hour', '8:00 AM');
    await userEvent.click(save);
    await expectToast('Error saving mail settings');
    // The choice stays, to save again.
    await expect(hour).toHaveTextContent('8:00 AM');
  },
};
