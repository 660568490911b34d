import { createHandlers, fixtureTokens, mockClientIds } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { PhaseComparisonSection } from '../../packages/app/src/features/clientProfile/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage, findSpanishSection } from './expectSpanish.ts';
import {
  type GeneratedClient,
  generatedClientHandlers,
  generatedClientId,
} from './generatedSeries.ts';
import { withCoachApi } from './withCoachApi.tsx';

/** 'Phase over phase' of the client profile, alone, over the mocks (the demo coach signed in). */
const meta = {
  title: 'App/Sections/Phase over phase',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-sections-clientphasecomparison',
  component: PhaseComparisonSection,
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
} satisfies Meta<typeof PhaseComparisonSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const generated = (client: GeneratedClient): Story => ({
  args: { clientId: generatedClientId },
  beforeEach({ msw }) {
    msw.use(...generatedClientHandlers(client), ...createHandlers());
  },
});

/** The loaded comparison table and one row's cells (Learn, Sense, Grow) by its header. */
async function comparison(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const table = await canvas.findByRole('table', {}, { timeout: storyWait(8000) });
  const row = (name: string) => {
    const header = within(table).getByRole('rowheader', { name });
    return [...(header.closest('tr')?.querySelectorAll('td') ?? [])].map(
      (cell) => cell.textContent,
    );
  };
  const columns = within(table)
    .getAllByRole('columnheader')
    .filter((cell) => cell.getAttribute('scope') === 'col')
    .map((cell) => cell.textContent);
  return { canvas, table, row, columns };
}

/** Jamie Lee in Sense: Learn and Sense side by side, Grow not reached yet. */
export const Sense: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, row, columns } = await comparison(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Phase over phase', level: 2 })).toBeVisible();
    await expect(columns.slice(1)).toEqual([
      expect.stringMatching(/^LearnSince Nov 4/),
      expect.stringMatching(/^SenseCurrent phase/),
      'GrowNot reached yet',
    ]);
    await expect(row('Mental')[2]).toBe('—');
    await expect(row('Exercises')[0]).toMatch(/^\d+ \/ \d+$/);
  },
};

/** Noah Kim on his first day: Learn reached without a figure yet; nothing made up. */
export const NoDataYet: Story = {
  args: { clientId: mockClientIds.noah },
  play: async ({ canvasElement }) => {
    const { row } = await comparison(canvasElement);
    await expect(row('Productivity')).toEqual(['No data', '—', '—']);
    await expect(row('Positive')).toEqual(['0', '—', '—']);
  },
};

/** A journey that started today: one day of Learn. */
export const OneDay: Story = {
  ...generated({ stepsAgo: { learn: 0 }, levels: [78, 66, 85] }),
  play: async ({ canvasElement }) => {
    const { row, columns } = await comparison(canvasElement);
    await expect(columns[1]).toMatch(/1 day$/);
    await expect(row('Productivity')[0]).toMatch(/^\d+(\.\d)?%$/);
  },
};

/** A year of Learn and Sense: averages over hundreds of days, read in pieces of 366. */
export const ThreeHundredSixtyFiveDays: Story = {
  ...generated({ stepsAgo: { learn: 364, sense: 180 }, levels: [80, 72, 76], gapEvery: 7 }),
  play: async ({ canvasElement }) => {
    const { columns } = await comparison(canvasElement);
    await expect(columns[1]).toMatch(/184 days$/);
    await expect(columns[2]).toMatch(/181 days$/);
  },
};

/** Maria-Fernanda in Learn: the current phase's averages under 70 % say so in words. */
export const Lagging: Story = {
  args: { clientId: mockClientIds.maria },
  play: async ({ canvasElement }) => {
    const { row } = await comparison(canvasElement);
    await expect(row('Mental')[0]).toMatch(/% \(under 70%\)$/);
  },
};

/** Aiko Tanaka in Grow: three phases; Grow has no reflections, so no averages, but completion. */
export const Grow: Story = {
  args: { clientId: mockClientIds.aiko },
  play: async ({ canvasElement }) => {
    const { row, columns } = await comparison(canvasElement);
    await expect(columns[3]).toMatch(/^GrowCurrent phase/);
    await expect(row('Productivity')[2]).toBe('No reflections in Grow');
    // Past phases are never flagged: their figures can no longer change.
    await expect(row('Productivity')[1]).not.toMatch(/under 70%/);
  },
};

/** The series call fails: the spec's processing error, and a retry that reads it again. */
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
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('alert', {}, { timeout: storyWait(8000) })).toBeVisible();
  },
};

/** In Spanish: the comparison's title, its phases and its rows in Spanish words, no English left. */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await findSpanishSection(canvasElement, 'Comparación entre fases');
    await within(canvasElement).findByRole('table', {}, { timeout: storyWait(8000) });
    await expectSpanishPage('Comparación entre fases', 'Fase actual', 'Todavía no alcanzada');
  },
};
