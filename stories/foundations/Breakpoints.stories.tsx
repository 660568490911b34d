import { Box } from '@chakra-ui/react';
import { coachSystem } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { coachWindows } from '../../.storybook/windows.ts';
import { rootFontSizeFor } from '../../packages/app/src/core/screenSize/index.ts';
import { DocTable } from './DocTable.tsx';
import { MIN_APP_WIDTH, rootFontSizes, widthRangeOf } from './rootFontSizes.ts';

/** The Storybook windows (the toolbar's viewports) whose width is in [from, below). */
const windowsIn = (from: number, below: number | null) =>
  Object.values(coachWindows)
    .filter(({ width }) => width >= from && (below === null || width < below))
    .map(({ label, width }) => `${label} (${width})`)
    .join(', ') || '—';

// Chakra's breakpoints, as the theme defines them: min-widths for responsive style props.
const breakpoints = [...(coachSystem.tokens.categoryMap.get('breakpoints')?.entries() ?? [])].map(
  ([name, token]) => ({ name, width: Number.parseInt(String(token.value), 10) }),
);

const meta = {
  title: 'Foundations/Breakpoints',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component: [
          "Coach is a desktop app: the spec's widths decide whether it shows at all and how large",
          `its text is. Under ${MIN_APP_WIDTH} px a blocking screen takes its place (or asks a`,
          'device that can rotate to turn); from there the root font size grows in five steps,',
          'and every rem token (font sizes, spacing, radii, sizes) with it. These tables read the',
          "app's own rule (`packages/app/src/core/screenSize/screenRules.ts`), the theme and the",
          'Storybook windows (`.storybook/windows.ts`), so they cannot drift from them.',
          '',
          "Within a width, a screen lays itself out with Chakra's breakpoints (style props such as",
          "`{ base: '1fr', lg: '1.2fr 1fr 1fr' }`, `hideFrom=\"lg\"`): the client profile moves its",
          'side panel below the record under `lg` and shows its figures in one row of six from',
          "`2xl`. Chakra's media queries are in em of the browser's default 16 px, so they are",
          'the widths below whatever root font size the app sets.',
        ].join('\n'),
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's widths: blocked, then each root font size, with the Storybook windows in it. */
export const SpecWidths: Story = {
  name: "The spec's widths",
  render: () => (
    <DocTable
      caption="Widths of the spec: the app's root font size, and the Storybook windows at each"
      columns={['Window width', 'Root font size', 'Storybook windows']}
      rows={[
        {
          key: 'blocked',
          cells: [
            `under ${MIN_APP_WIDTH} px`,
            'Blocking screen: the app does not show',
            windowsIn(0, MIN_APP_WIDTH),
          ],
        },
        ...rootFontSizes.map(({ below, size }, index) => ({
          key: String(size),
          cells: [
            widthRangeOf(index),
            `${size} px (1rem)`,
            windowsIn(index === 0 ? MIN_APP_WIDTH : (rootFontSizes[index - 1]?.below ?? 0), below),
          ],
        })),
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: '1281–1600 px' });
    await expect(row.closest('tr')).toHaveTextContent('14 px');
    await expect(row.closest('tr')).toHaveTextContent('1440');
  },
};

/** Chakra's breakpoints: their min-width, the root font size there, and a bar to scale. */
export const ChakraBreakpoints: Story = {
  name: "Chakra's breakpoints",
  render: () => (
    <DocTable
      caption="Breakpoints of the theme, for responsive style props"
      columns={['Token', 'From', 'Root font size there', 'Width (1 px for 20)']}
      rows={breakpoints.map(({ name, width }) => ({
        key: name,
        cells: [
          name,
          `${width} px`,
          width < MIN_APP_WIDTH ? 'The app is blocked' : `${rootFontSizeFor(width)} px`,
          <Box
            key="bar"
            height="2"
            bg={width < MIN_APP_WIDTH ? 'border.emphasized' : 'accent'}
            borderRadius="full"
            style={{ width: `${width / 20}px` }}
          />,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: 'lg' });
    await expect(row.closest('tr')).toHaveTextContent('1024 px');
    await expect(row.closest('tr')).toHaveTextContent('11 px');
  },
};
