import { seedAttentionFigures } from '@coach/api/msw';
import type { EpisodeFigures } from '@coach/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { mockedBackend, signedInParameters, signedInScreen } from './signedInScreen.tsx';

// The coach's attention figures on the clients list's header, over the mocks' episodes (the demo
// coach's past ones and those the mocks' sweep opens for the clients who need attention now).

/**
 * 'Your last 30 days' on the clients list: how many times a client needed attention, the median
 * time from the start of such a stretch to the coach's first action, and how many ended within 7
 * days of an action against how many ended without one. Figures, not a score; a coach with no
 * stretch sees a plain sentence. The figures come with the list, as the server's sweep kept them.
 */
const { beforeEach, backendOf } = mockedBackend();

const meta = {
  title: 'App/Sections/Attention figures',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-sections-attentionfigures',
  ...signedInScreen(),
  parameters: {
    docs: { story: ownFrame() },
    ...signedInParameters('/clients'),
  },
  beforeEach,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const someFigures: EpisodeFigures = {
  episodes: 6,
  actedOn: 5,
  medianHoursToFirstAction: 5.4,
  endedAfterAction: 3,
  endedWithoutAction: 1,
};

async function figuresLine(canvasElement: HTMLElement) {
  return within(canvasElement).findByTestId(
    'attention-figures',
    {},
    { timeout: storyWait(10_000) },
  );
}

/** The demo coach's figures, from the mocks' episodes. */
export const Demo: Story = {
  play: async ({ canvasElement }) => {
    const line = await figuresLine(canvasElement);
    await expect(line).toHaveTextContent(
      /^Your last 30 days: \d+ times a client needed attention · /,
    );
    await expect(line).toHaveTextContent(/ended within 7 days of your action, \d+ without one$/);
  },
};

/** Six stretches, five acted on (median 5 h), three ended within a week of the action. */
export const Figures: Story = {
  beforeEach() {
    seedAttentionFigures(backendOf().state, someFigures);
  },
  play: async ({ canvasElement }) => {
    await expect(await figuresLine(canvasElement)).toHaveTextContent(
      'Your last 30 days: 6 times a client needed attention · first action after 5 h (median) · 3 ended within 7 days of your action, 1 without one',
    );
  },
};

/** No stretch of needing attention in 30 days: a plain sentence, no zeros. */
export const NoEpisodes: Story = {
  beforeEach() {
    seedAttentionFigures(backendOf().state, {
      episodes: 0,
      actedOn: 0,
      medianHoursToFirstAction: null,
      endedAfterAction: 0,
      endedWithoutAction: 0,
    });
  },
  play: async ({ canvasElement }) => {
    await expect(await figuresLine(canvasElement)).toHaveTextContent(
      'No client needed your attention in the last 30 days.',
    );
  },
};
