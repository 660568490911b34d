import { Box, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  Breadcrumb,
  Button,
  LoadingPlaceholder,
  Meter,
  PasswordField,
  ProfilePicture,
  Select,
  SortableTable,
  Stat,
  Textarea,
  TextField,
} from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { LuPlus, LuUsers } from 'react-icons/lu';
import { expect, within } from 'storybook/test';
import { rootFontSizeFor } from '../../packages/app/src/core/screenSize/index.ts';
import { type DesignWidth, viewportAt } from '../app/designViewport.ts';
import { withAppRootFontSize } from '../app/withAppRootFontSize.tsx';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { clientColumns, createClientRows } from '../ui/fixtures/sortableTableClients.tsx';

/**
 * The ui components together at the smallest and the largest root font size the app sets (11 px
 * under 1,097 px, 16 px from 1,901 px): every size in the library is in rem, so each story is the
 * window of that width and the whole set scales with its text. Nothing may be cut off or reach
 * past the window at either end; each component's own stories show it at the design window's
 * 12 px. Each shows in a frame of its own on the Docs page, as wide as its window.
 */
const meta = {
  title: 'Foundations/Every root font size',
  decorators: [withAppRootFontSize],
  parameters: { docs: { story: ownFrame(1080) }, layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const goals = [
  { value: 'productivity', label: 'Productivity' },
  { value: 'stressBalance', label: 'Stress balance' },
  { value: 'breathing', label: 'Breathing' },
];

const clients = createClientRows(4);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-label={title} gap="3">
      <Heading as="h2" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Notes() {
  const [value, setValue] = useState('Slept better after the evening breathing.');
  return (
    <Textarea
      label="Final comments"
      name="notes"
      maxLength={500}
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

/** One of each component, in the states a coach meets most. */
function Gallery() {
  return (
    <Stack gap="8" padding="8">
      <Breadcrumb
        icon={<LuUsers />}
        items={[
          { name: 'My clients', href: '/clients' },
          { name: 'Ada Lovelace', href: '/clients/42' },
        ]}
      />
      <SimpleGrid columns={3} gap="8">
        <Section title="Buttons">
          <Stack direction="row" gap="3" flexWrap="wrap">
            <Button variant="primary" icon={<LuPlus aria-hidden />}>
              Invite client
            </Button>
            <Button variant="secondary">Generate report</Button>
            <Button variant="ghost">Cancel</Button>
            <Button variant="primary" isLoading>
              Saving
            </Button>
          </Stack>
        </Section>
        <Section title="Fields">
          <TextField
            label="First name"
            name="firstName"
            defaultValue="Olivia"
            helper="As your clients will see it"
          />
          <PasswordField
            label="Password"
            name="password"
            defaultValue="Coach123!"
            error="Password must have at least 8 characters"
          />
          <Select label="Goal" placeholder="Choose a goal" items={goals} name="goal" />
        </Section>
        <Section title="Notes">
          <Notes />
        </Section>
        <Section title="Figures">
          <Stack direction="row" gap="4" align="center">
            <ProfilePicture src={null} name="Ada Lovelace" size="lg" />
            <Stat label="Engagement (48h)" value="6.5" unit="h" helpText="Full at 10 h" />
          </Stack>
          <Meter label="Productivity" value={72} laggingText="Lagging" />
          <Meter label="Mental" value={55} laggingText="Lagging" />
        </Section>
        <Section title="Loading">
          <LoadingPlaceholder label="Loading clients" />
        </Section>
      </SimpleGrid>
      <Box>
        <SortableTable
          data={clients}
          columns={clientColumns}
          getRowId={(client) => client.id}
          aria-label="My clients"
        />
      </Box>
    </Stack>
  );
}

/**
 * The window is the story's, the text is the spec's size for it, every component shows, and
 * nothing is cut off: no control's label wider than its box, nothing past the window's edge.
 */
async function expectWholeAt(canvasElement: HTMLElement, width: DesignWidth) {
  const canvas = within(canvasElement);
  await expect(window.innerWidth).toBe(width);
  await expect(getComputedStyle(document.documentElement).fontSize).toBe(
    `${rootFontSizeFor(width)}px`,
  );
  await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Invite client' })).toBeVisible();
  await expect(canvas.getByLabelText('First name')).toHaveValue('Olivia');
  await expect(canvas.getByText('Password must have at least 8 characters')).toBeVisible();
  await expect(canvas.getByRole('combobox', { name: 'Goal' })).toBeVisible();
  await expect(canvas.getByText('41/500')).toBeVisible();
  await expect(canvas.getByRole('meter', { name: 'Productivity' })).toBeVisible();
  await expect(canvas.getByRole('table', { name: 'My clients' })).toBeVisible();
  for (const button of canvas.getAllByRole('button')) {
    await expect(button.scrollWidth).toBeLessThanOrEqual(button.clientWidth);
  }
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/** At 1,024 px: 11 px text, the smallest the app sets. */
export const Smallest: Story = {
  name: 'Smallest (11 px, 1,024 px window)',
  globals: viewportAt(1024),
  parameters: { docs: { story: ownFrame(700) } },
  render: () => <Gallery />,
  play: ({ canvasElement }) => expectWholeAt(canvasElement, 1024),
};

/** At 1,920 px: 16 px text, the largest the app sets. */
export const Largest: Story = {
  name: 'Largest (16 px, 1,920 px window)',
  globals: viewportAt(1920),
  render: () => <Gallery />,
  play: ({ canvasElement }) => expectWholeAt(canvasElement, 1920),
};
