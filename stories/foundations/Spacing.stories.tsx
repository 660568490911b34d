import { Box } from '@chakra-ui/react';
import { coachSystem } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DocTable } from './DocTable.tsx';
import { formatPx, remToPx } from './rootFontSizes.ts';

// The spacing scale of the system (Chakra's), positive steps only, smallest first.
const spacing = [...(coachSystem.tokens.categoryMap.get('spacing')?.entries() ?? [])]
  .filter(([name]) => !name.startsWith('-'))
  .map(([name, token]) => ({ name, rem: String(token.originalValue) }))
  .sort((first, second) => Number.parseFloat(first.name) - Number.parseFloat(second.name));

const meta = {
  title: 'Foundations/Spacing',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Spacing tokens (padding, margin, gap, sizes) in rem: `padding="4"` is 1rem. Like font ' +
          'sizes they follow the root font size, from 11 px on the smallest screens to 16 px.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every spacing step with its size at the smallest and largest root font size. */
export const Scale: Story = {
  render: () => (
    <DocTable
      caption="Spacing tokens"
      columns={['Token', 'rem', 'At 11 px root', 'At 16 px root', 'Sample']}
      rows={spacing.map(({ name, rem }) => ({
        key: name,
        cells: [
          name,
          rem,
          formatPx(remToPx(rem, 11)),
          formatPx(remToPx(rem, 16)),
          <Box key="sample" height="3" width={name} bg="accent" borderRadius="xs" />,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: '4' }).closest('tr');
    await expect(row).toHaveTextContent('1rem');
    await expect(row).toHaveTextContent('11 px');
    await expect(row).toHaveTextContent('16 px');
  },
};
