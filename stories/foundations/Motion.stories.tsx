import { Box, HStack } from '@chakra-ui/react';
import {
  dialogSlotRecipe,
  menuSlotRecipe,
  recipes,
  selectSlotRecipe,
} from '@chakra-ui/react/theme';
import { coachSystem } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DocTable } from './DocTable.tsx';

const tokensOf = (category: string) =>
  [...(coachSystem.tokens.categoryMap.get(category)?.entries() ?? [])].map(([name, token]) => ({
    name,
    value: String(token.value),
  }));

const durations = tokensOf('durations');
const easings = tokensOf('easings');

type Motion = { component: string; what: string; duration: unknown; reducedMotion: string };

/**
 * What moves in the library and for how long, read from the recipes its components are built on
 * (a token name or a CSS value), so a change of recipe shows here.
 */
const motions: Motion[] = [
  {
    component: 'Button',
    what: 'Colours and outline on hover and focus (a transition)',
    duration: recipes.button.base?.transitionDuration,
    reducedMotion: 'Plays (a colour change, no movement)',
  },
  {
    component: 'Button',
    what: 'The spinner while loading (one turn)',
    duration: recipes.spinner.base?.animationDuration,
    reducedMotion: 'Plays (it says that something runs)',
  },
  {
    component: 'Modal, ShortcutHelp',
    what: 'Opening (scale and fade)',
    duration: dialogSlotRecipe.base?.content?._open?.animationDuration,
    reducedMotion: 'Plays',
  },
  {
    component: 'Modal, ShortcutHelp',
    what: 'Closing',
    duration: dialogSlotRecipe.base?.content?._closed?.animationDuration,
    reducedMotion: 'Plays',
  },
  {
    component: 'Modal, ShortcutHelp',
    what: 'The backdrop fading in',
    duration: dialogSlotRecipe.base?.backdrop?._open?.animationDuration,
    reducedMotion: 'Plays (opacity only)',
  },
  {
    component: 'Select',
    what: 'The list opening (slide and fade)',
    duration: selectSlotRecipe.base?.content?._open?.animationDuration,
    reducedMotion: 'Plays',
  },
  {
    component: 'MessageComposer',
    what: 'The quick replies menu opening (slide and fade)',
    duration: menuSlotRecipe.base?.content?._open?.animationDuration,
    reducedMotion: 'Plays',
  },
  {
    component: 'LoadingPlaceholder, Stat, SortableTable',
    what: 'The loading pulse (one cycle)',
    duration: recipes.skeleton.variants?.variant?.pulse?.animationDuration,
    reducedMotion: 'Stops',
  },
];

/**
 * A duration as the recipe names it: a token ('moderate') as '200ms (moderate)', a CSS value with
 * a fallback (`var(--duration, 1.2s)`) as its fallback, anything else as it is.
 */
const durationText = (duration: unknown) => {
  const name = String(duration);
  const token = durations.find((candidate) => candidate.name === name);
  if (token) return `${token.value} (${token.name})`;
  return /^var\([^,]+,\s*([^)]+)\)$/.exec(name)?.[1] ?? name;
};

/** A cell whose text wraps (the table's cells keep to one line). */
const Wrapping = ({ children }: { children: string }) => (
  <Box as="span" whiteSpace="normal">
    {children}
  </Box>
);

/** The curve of a `cubic-bezier(x1, y1, x2, y2)`, drawn in a 1 x 1 box (y up). */
function EasingCurve({ value }: { value: string }) {
  const [x1, y1, x2, y2] = (/cubic-bezier\(([^)]+)\)/.exec(value)?.[1] ?? '0, 0, 1, 1')
    .split(',')
    .map(Number);
  return (
    <svg viewBox="-0.05 -0.05 1.1 1.1" width="48" height="48" aria-hidden="true">
      <rect x="0" y="0" width="1" height="1" fill="none" stroke="currentColor" strokeWidth="0.01" />
      <path
        d={`M0,1 C${x1},${1 - (y1 ?? 0)} ${x2},${1 - (y2 ?? 1)} 1,0`}
        fill="none"
        stroke="currentColor"
        strokeWidth="0.05"
      />
    </svg>
  );
}

const meta = {
  title: 'Foundations/Motion',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component: [
          'Motion in Coach is short and says something: a state changed (hover, focus), something',
          'opened or closed, something is on its way. Nothing moves for decoration. The durations',
          "and easings are Chakra's tokens, which the recipes of the components name.",
          '',
          '**Reduced motion.** A coach who asks their system for less motion',
          '(`prefers-reduced-motion: reduce`) gets still loading shapes in `LoadingPlaceholder`,',
          "`Stat` and `SortableTable`'s loading rows (the style `_motionReduce: { animation: 'none' }`),",
          "whose resting frame is the full shape. The dialogs', menus' and list's openings (up to",
          "300 ms, mostly fades) and the toasts' entrance still play: the table below says so row",
          'by row. A new animation must stop under reduced motion unless it',
          'says that something runs (a spinner).',
        ].join('\n'),
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every duration token, with a bar as long as it lasts (100 px for 100 ms). */
export const Durations: Story = {
  render: () => (
    <DocTable
      caption="Duration tokens"
      columns={['Token', 'Value', 'Length']}
      rows={durations.map(({ name, value }) => ({
        key: name,
        cells: [
          name,
          value,
          <Box
            key="bar"
            height="2"
            bg="accent"
            borderRadius="full"
            style={{ width: `${Number.parseFloat(value)}px` }}
          />,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: 'moderate' }).closest('tr');
    await expect(row).toHaveTextContent('200ms');
  },
};

/** Every easing token with its curve (time to the right, progress up). */
export const Easings: Story = {
  render: () => (
    <DocTable
      caption="Easing tokens"
      columns={['Token', 'Value', 'Curve']}
      rows={easings.map(({ name, value }) => ({
        key: name,
        cells: [
          name,
          value,
          <HStack key="curve" color="accent">
            <EasingCurve value={value} />
          </HStack>,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: 'ease-in-out' }).closest('tr');
    await expect(row).toHaveTextContent('cubic-bezier(0.42, 0, 0.58, 1)');
  },
};

/** What moves in the library, for how long, and what a coach who asks for less motion sees. */
export const InTheComponents: Story = {
  name: 'In the components',
  render: () => (
    <DocTable
      caption="Motion in the components"
      columns={['Component', 'What moves', 'Duration', 'Under reduced motion']}
      rows={motions.map(({ component, what, duration, reducedMotion }) => ({
        key: `${component}: ${what}`,
        cells: [
          <Wrapping key="component">{component}</Wrapping>,
          <Wrapping key="what">{what}</Wrapping>,
          durationText(duration),
          <Wrapping key="reduced">{reducedMotion}</Wrapping>,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const opening = within(canvasElement).getByText('Opening (scale and fade)').closest('tr');
    await expect(opening).toHaveTextContent('200ms (moderate)');
  },
};
