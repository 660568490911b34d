import { createHandlers, fixtureTokens, mockClientIds } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { IndicatorsSection } from '../../packages/app/src/features/clientProfile/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage, findSpanishSection } from './expectSpanish.ts';
import {
  type GeneratedClient,
  generatedClientHandlers,
  generatedClientId,
} from './generatedSeries.ts';
import { withCoachApi } from './withCoachApi.tsx';

/** 'Indicators per day' of the client profile, alone, over the mocks (the demo coach signed in). */
const meta = {
  title: 'App/Sections/Indicators',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-sections-clientindicators',
  component: IndicatorsSection,
  args: { clientId: mockClientIds.jamie },
  decorators: [withCoachApi],
  parameters: {
    docs: { story: ownFrame(600) },
    session: { tokens: fixtureTokens.coach },
    width: '960px',
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof IndicatorsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const generated = (client: GeneratedClient): Story => ({
  args: { clientId: generatedClientId },
  beforeEach({ msw }) {
    msw.use(...generatedClientHandlers(client), ...createHandlers());
  },
});

/** The drawn chart once its data and its code have loaded. */
async function loadedChart(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const chart = await canvas.findByRole(
    'group',
    { name: /^Indicators per day, / },
    { timeout: storyWait(8000) },
  );
  await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
  return { canvas, chart };
}

const pressed = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getByRole('group', { name: 'Date range' })
    .querySelector('[aria-pressed="true"]')?.textContent;

/** Jamie Lee in Sense (day 5): 30 days, Learn then Sense marked, mental often under the 70 % line. */
export const Sense: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, chart } = await loadedChart(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Indicators per day', level: 2 }),
    ).toBeVisible();
    await expect(pressed(canvasElement)).toBe('30 days');
    await expect(chart.querySelector('svg')).toHaveTextContent(/Learn.*Sense.*70%/);
  },
};

/** Noah Kim accepted in the night: no reflection yet, so no line and no zeros, but words. */
export const NoDataYet: Story = {
  args: { clientId: mockClientIds.noah },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'No indicators yet: they appear once the client answers a reflection.',
        {},
        { timeout: storyWait(8000) },
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('group', { name: /^Indicators per day, / })).toBeNull();
  },
};

/** A journey that started today with one reflection: one day, its markers, no line to draw. */
export const OneDay: Story = {
  ...generated({ stepsAgo: { learn: 0 }, levels: [78, 66, 85] }),
  play: async ({ canvasElement }) => {
    const { canvas } = await loadedChart(canvasElement);
    await expect(canvas.getByText('1 of 1 days with data')).toBeVisible();
  },
};

/** A year of Learn and Sense with a missed day a week: the whole journey under 'All'. */
export const ThreeHundredSixtyFiveDays: Story = {
  ...generated({ stepsAgo: { learn: 364, sense: 180 }, levels: [80, 72, 76], gapEvery: 7 }),
  play: async ({ canvasElement }) => {
    const { canvas } = await loadedChart(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(canvas.getByText('313 of 365 days with data')).toBeVisible(), {
      timeout: storyWait(8000),
    });
    await expect(pressed(canvasElement)).toBe('All');
  },
};

/** Maria-Fernanda in Learn: every indicator under 70 %, the lines below the dashed line. */
export const Lagging: Story = {
  args: { clientId: mockClientIds.maria },
  play: async ({ canvasElement }) => {
    await loadedChart(canvasElement);
  },
};

/** Aiko Tanaka in Grow: no reflections in Grow, so its days are hatched 'no data' after Sense. */
export const Grow: Story = {
  args: { clientId: mockClientIds.aiko },
  play: async ({ canvasElement }) => {
    const { chart } = await loadedChart(canvasElement);
    await expect(chart.querySelector('svg')).toHaveTextContent(/Sense.*Grow/);
    await expect(chart.querySelectorAll('[data-kind="no-data"]').length).toBeGreaterThan(0);
  },
};

/** The series call fails: the spec's processing error and a retry; the rest of the page would stay. */
export const Failure: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          getClientSeries: {
            status: 500,
            error: 'internal_error',
            message: 'Something went wrong',
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: storyWait(8000) });
    await expect(alert).toHaveTextContent('Error processing indicators');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Still loading: a placeholder named for what loads. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { getClientSeries: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Loading indicators' }),
    ).toBeVisible();
  },
};

/** Choosing 7 days reads that range and draws it; the choice shows as pressed. */
export const RangeSwitch: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await loadedChart(canvasElement);
    await expect(canvas.getByText(/of 13 days with data$/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(canvas.getByText(/of 7 days with data$/)).toBeVisible(), {
      timeout: storyWait(8000),
    });
    await expect(pressed(canvasElement)).toBe('7 days');
    await expect(
      canvas.getByRole('group', { name: 'Indicators per day, Nov 10 to Nov 16' }),
    ).toBeVisible();
  },
};

/** The table alternative: the same days and figures, 'No data' where there is none. */
export const TableAlternative: Story = {
  ...generated({ stepsAgo: { learn: 9, sense: 2 }, levels: [74, 64, 80], gapEvery: 4 }),
  play: async ({ canvasElement }) => {
    const { canvas } = await loadedChart(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Show as table' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const table = canvas.getByRole('table', { name: 'Indicators per day, Nov 7 to Nov 16' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(1 + 10);
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Phase', 'Productivity', 'Mental', 'Physical']);
    // Nov 10 and Nov 14 are missed days: 'No data', never 0 %.
    const missed = within(table).getByRole('row', { name: /^Nov 10 Learn/ });
    await expect(missed).toHaveTextContent('Nov 10LearnNo dataNo dataNo data');
    await expect(within(table).getByRole('row', { name: /^Nov 14 Sense/ })).toHaveTextContent(
      'Nov 14SenseNo dataNo dataNo data',
    );
    await expect(canvas.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** The keyboard reads the chart day by day: the last day's figures are announced and drawn. */
export const KeyboardTooltip: Story = {
  play: async ({ canvasElement }) => {
    const { chart } = await loadedChart(canvasElement);
    chart.focus();
    await userEvent.keyboard('{End}');
    const status = within(chart).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(/^Nov 16 · Sense/));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(status).toHaveTextContent(/^Nov 15 · Sense/));
    await expect(within(chart).getByTestId('chart-tooltip')).toBeVisible();
  },
};

/**
 * In Spanish: the chart's title, its ranges and its labels in Spanish words, the dates and the
 * percentages as Spanish writes them, no English left.
 */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await findSpanishSection(canvasElement, 'Indicadores por día');
    await waitFor(() => expect(canvasElement.querySelector('svg')).not.toBeNull());
    await expect(
      within(canvasElement)
        .getByRole('group', { name: 'Intervalo de fechas' })
        .querySelector('[aria-pressed="true"]')?.textContent,
    ).toBe('30 días');
    await expectSpanishPage('Indicadores por día', 'Mostrar como tabla');
  },
};
