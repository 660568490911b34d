import type { RouteName } from '@coach/api';
import { createHandlers, mockClientIds } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { signedInParameters, signedInScreen } from './signedInScreen.tsx';

const profileOf = (clientId: string) => `/clients/${clientId}`;
/** Jamie's profile at one of its groups ('/clients/:id/activity'). */
const jamieAt = (group: string) => ({ route: `${profileOf(mockClientIds.jamie)}/${group}` });

/**
 * A client's profile ('/clients/:id') in the signed-in app, the demo coach signed in: Jamie Lee
 * (New York, Sense day 5, every effect level and assessment status) unless a story says otherwise.
 * A story of a section in a group opens the group's address ('/clients/:id/activity'); the
 * screen shows whole, not scrolled.
 */
const meta = {
  title: 'App/Screens/Client profile',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-clientprofile',
  ...signedInScreen(),
  parameters: {
    docs: { story: ownFrame() },
    ...signedInParameters(profileOf(mockClientIds.jamie)),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const serverFailure = {
  status: 500,
  error: 'internal_error',
  message: 'Something went wrong',
} as const;

/** The handlers with these calls failing. */
const failing =
  (...routes: RouteName[]): Story['beforeEach'] =>
  ({ msw }) => {
    msw.use(
      ...createHandlers({
        failures: Object.fromEntries(routes.map((route) => [route, serverFailure])),
      }),
    );
  };

/** The profile's heading once the header has loaded. */
async function profileHeading(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { level: 1, name })).toBeVisible();
  return canvas;
}

/** A section (a region named by its heading) once it is no longer busy. */
async function section(canvasElement: HTMLElement, name: string) {
  const region = await within(canvasElement).findByRole('region', { name });
  await waitFor(() => expect(region).not.toHaveAttribute('aria-busy'));
  // Every section above it settled too (the chart's code loads lazily behind a placeholder of
  // another height), so the page no longer moves under the scroll.
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull());
  return within(region);
}

/**
 * A client in the Sense phase, day 5, living in New York: breadcrumb back to My clients, the
 * 'Different timezone' flag with their local time, the journey steps with Sense current, and 3.2 h
 * of engagement in the last 48 h; beside it the panel to act: the follow-up, the messages and the
 * notes.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await profileHeading(canvasElement, 'Jamie Lee');
    const breadcrumb = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveTextContent(/My clients.*Jamie Lee/);
    await expect(within(breadcrumb).getByRole('link', { name: 'My clients' })).toHaveAttribute(
      'href',
      '/clients',
    );
    // New York is in another offset than the coach's device (UTC): flagged, with its time.
    await expect(canvas.getByText('Different timezone')).toBeVisible();
    await expect(canvas.getByText(/local time \(America\/New_York\)/)).toHaveTextContent(
      '4:30 AM local time (America/New_York)',
    );
    await expect(canvas.getByText(/years old · (Male|Female)/)).toBeVisible();
    const journey = await section(canvasElement, 'Journey');
    await expect(journey.getByRole('listitem', { current: 'step' })).toHaveTextContent('Sense');
    await expect(journey.getByText('Day 5 of Sense')).toBeVisible();
    await expect(journey.getByText(/^Journey since /)).toBeVisible();
    const engagement = await section(canvasElement, 'Engagement (48h)');
    await expect(engagement.getByRole('meter', { name: 'Engagement (48h)' })).toHaveAttribute(
      'aria-valuetext',
      '3.2 h of 10.0 h',
    );
    await expect(engagement.getByText('Last connected 50 minutes ago')).toBeVisible();
    // Beside the record: the follow-up, the composer under the latest messages, the note's field.
    const panel = within(
      canvas.getByRole('complementary', { name: 'Follow-up, messages and notes' }),
    );
    await expect(await panel.findByRole('textbox', { name: 'Message to Jamie Lee' })).toBeVisible();
    await expect(await panel.findByRole('textbox', { name: 'New note' })).toBeVisible();
    await expect(panel.getByRole('button', { name: /^(Set a follow-up|Move)$/ })).toBeVisible();
  },
};

/** Everything still loading: each section says so on its own. */
export const Loading: Story = {
  beforeEach({ msw }) {
    const forever = 'forever' as const;
    msw.use(
      ...createHandlers({
        delays: {
          getClientProfileSummary: forever,
          getJourney: forever,
          getClientActivity: forever,
          listExercises: forever,
          listReflections: forever,
          listAssessments: forever,
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const phase = await canvas.findByRole('region', { name: 'This phase' });
    await expect(phase).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Client profile');
  },
};

/** A client id that is not the coach's: the server's 404, and the way back. */
export const NotFound: Story = {
  parameters: { route: profileOf('00000000-0000-4000-8000-00000000dead') },
  play: async ({ canvasElement }) => {
    const canvas = await profileHeading(canvasElement, 'Client not found');
    await expect(
      canvas.getByText('This client does not exist or is not one of your clients.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to My clients' })).toHaveAttribute(
      'href',
      '/clients',
    );
    // Nothing of any client: no section at all.
    for (const name of ['Journey', 'Activity history', 'Exercises']) {
      await expect(canvas.queryByRole('region', { name })).not.toBeInTheDocument();
    }
  },
};

/**
 * The journey (the phase change's call, read on 'Start next phase') cannot be loaded: the action
 * says so with Try again, while the header's journey (the summary's) and the rest stay.
 */
export const JourneyFails: Story = {
  beforeEach: failing('getJourney'),
  play: async ({ canvasElement }) => {
    const canvas = await profileHeading(canvasElement, 'Jamie Lee');
    await userEvent.click(canvas.getByRole('button', { name: 'Start next phase' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error processing journey');
    const journey = await section(canvasElement, 'Journey');
    await expect(journey.getByText('Day 5 of Sense')).toBeVisible();
  },
};

/**
 * The engagement summary fails: 'Error processing engagement' with a Try again button; a retry
 * asks again (the mock still fails) and the rest of the profile is unaffected.
 */
export const EngagementFails: Story = {
  beforeEach: failing('getClientProfileSummary'),
  play: async ({ canvasElement }) => {
    const engagement = await section(canvasElement, 'Engagement (48h)');
    await expect(await engagement.findByRole('alert')).toHaveTextContent(
      'Error processing engagement',
    );
    await userEvent.click(engagement.getByRole('button', { name: 'Try again' }));
    // Asked again; the mock still fails, so the error comes back.
    await expect(await engagement.findByRole('alert')).toBeVisible();
    // The messages and the notes (calls of their own) are there.
    const messages = await section(canvasElement, 'Messages');
    await expect(messages.getByRole('textbox', { name: /^Message to/ })).toBeVisible();
  },
};

/** The activity history fails: 'Error processing surveys' and Try again in that section only. */
export const ActivityFails: Story = {
  parameters: jamieAt('activity'),
  beforeEach: failing('getClientActivity'),
  play: async ({ canvasElement }) => {
    const activity = await section(canvasElement, 'Activity history');
    await expect(activity.getByRole('alert')).toHaveTextContent('Error processing surveys');
    await expect(activity.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The exercises fail to load: 'Error processing exercise' in the Exercises section only. */
export const ExercisesFail: Story = {
  parameters: jamieAt('activity'),
  beforeEach: failing('listExercises'),
  play: async ({ canvasElement }) => {
    const exercises = await section(canvasElement, 'Exercises');
    await expect(exercises.getByRole('alert')).toHaveTextContent('Error processing exercise');
  },
};

/** The reflections fail to load: 'Error processing surveys' in the Reflections section only. */
export const ReflectionsFail: Story = {
  parameters: jamieAt('activity'),
  beforeEach: failing('listReflections'),
  play: async ({ canvasElement }) => {
    const reflections = await section(canvasElement, 'Reflections');
    await expect(reflections.getByRole('alert')).toHaveTextContent('Error processing surveys');
  },
};

/** The assessments fail to load: 'Error processing surveys' in the Assessments section only. */
export const AssessmentsFail: Story = {
  parameters: jamieAt('assessments'),
  beforeEach: failing('listAssessments'),
  play: async ({ canvasElement }) => {
    const assessments = await section(canvasElement, 'Assessments');
    await expect(assessments.getByRole('alert')).toHaveTextContent('Error processing surveys');
  },
};

/** Noah accepted in the night: nothing done yet, each section says what will appear. */
export const NoDataYet: Story = {
  parameters: { route: `${profileOf(mockClientIds.noah)}/activity` },
  beforeEach({ msw }) {
    msw.use(...createHandlers({ emptyLists: true }));
  },
  play: async ({ canvasElement }) => {
    await profileHeading(canvasElement, 'Noah Kim');
    const activity = await section(canvasElement, 'Activity history');
    await expect(activity.getByText(/^No activity yet/)).toBeVisible();
    await expect(
      (await section(canvasElement, 'Exercises')).getByText('No exercises yet.'),
    ).toBeVisible();
    await expect(
      (await section(canvasElement, 'Reflections')).getByText('No reflections yet.'),
    ).toBeVisible();
    // The assessments are a group of their own.
    const groups = within(canvasElement).getByRole('navigation', { name: "The client's record" });
    await userEvent.click(within(groups).getByRole('link', { name: 'Assessments' }));
    await expect(
      (await section(canvasElement, 'Assessments')).getByText('No assessments yet.'),
    ).toBeVisible();
  },
};

/** Aiko (Tokyo) in Grow: the last step current, the earlier ones done. */
export const GrowClient: Story = {
  parameters: { route: profileOf(mockClientIds.aiko) },
  play: async ({ canvasElement }) => {
    const canvas = await profileHeading(canvasElement, 'Aiko Tanaka');
    const journey = await section(canvasElement, 'Journey');
    await expect(journey.getByRole('listitem', { current: 'step' })).toHaveTextContent('Grow');
    await expect(journey.getByText(/^Day \d+ of Grow$/)).toBeVisible();
    await expect(canvas.getByText('Different timezone')).toBeVisible();
  },
};

/** Maria in London, the coach's offset: no flag, her time only. */
export const SameTimezone: Story = {
  parameters: { route: profileOf(mockClientIds.maria) },
  play: async ({ canvasElement }) => {
    const canvas = await profileHeading(canvasElement, 'Maria-Fernanda Oliveira dos Santos');
    await expect(canvas.getByText(/local time \(Europe\/London\)/)).toBeVisible();
    await expect(canvas.queryByText('Different timezone')).not.toBeInTheDocument();
  },
};

/** Jamie's assessments: complete, incomplete and in progress, in words. */
export const AssessmentStatuses: Story = {
  parameters: jamieAt('assessments'),
  play: async ({ canvasElement }) => {
    const assessments = await section(canvasElement, 'Assessments');
    for (const status of ['Complete', 'Incomplete', 'In progress']) {
      await expect(assessments.getAllByText(status).length).toBeGreaterThan(0);
    }
    const rows = canvasElement.querySelectorAll('tr[data-status]');
    const statuses = new Set([...rows].map((row) => row.getAttribute('data-status')));
    await expect([...statuses].sort()).toEqual(['complete', 'inProgress', 'incomplete']);
  },
};

/** Every effect level in words and colour; the first exercise's detail open. */
export const EffectLevels: Story = {
  parameters: jamieAt('activity'),
  play: async ({ canvasElement }) => {
    const exercises = await section(canvasElement, 'Exercises');
    for (const level of [
      'Negative',
      'Moderately negative',
      'Neutral',
      'Moderately positive',
      'Positive',
    ]) {
      await expect(exercises.getAllByText(level).length).toBeGreaterThan(0);
    }
    const [first] = exercises.getAllByRole('button', { name: / Positive$/ });
    await userEvent.click(first as HTMLElement);
    const dialog = await within(document.body).findByRole('dialog');
    await expect(dialog).toHaveTextContent('Result');
    const measures = within(dialog).getByRole('table', { name: 'Measures' });
    await waitFor(() =>
      expect(within(measures).getByRole('rowheader', { name: 'HRV-1' })).toBeVisible(),
    );
    await expect(measures).toHaveTextContent(/\d+ ms/);
    await expect(measures).toHaveTextContent(/\d+ b\/min/);
  },
};

/** Activity newest first, filtered by kind, and 'Show more' for the older pages. */
export const ActivityPaging: Story = {
  parameters: jamieAt('activity'),
  play: async ({ canvasElement }) => {
    const activity = await section(canvasElement, 'Activity history');
    const list = activity.getByRole('list', { name: 'Activities, newest first' });
    const firstCount = within(list).getAllByRole('listitem').length;
    await expect(firstCount).toBe(20);
    await userEvent.click(activity.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(firstCount),
    );
    await userEvent.click(activity.getByRole('button', { name: 'Exercises' }));
    await expect(activity.getByRole('button', { name: 'Exercises' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const items = within(activity.getByRole('list')).getAllByRole('listitem');
    for (const item of items) await expect(item).toHaveAttribute('data-kind', 'exercise');
  },
};
