import { Box } from '@chakra-ui/react';
import { radii } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DocTable } from './DocTable.tsx';

const meta = {
  title: 'Foundations/Radii',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Corner radii (`radii` of `@coach/ui`). Buttons and fields use `md`, tiles and cards ' +
          '`lg`, pills and avatars `full`.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every radius with a sample. */
export const Scale: Story = {
  render: () => (
    <DocTable
      caption="Radius tokens"
      columns={['Token', 'Value', 'Sample']}
      rows={Object.entries(radii).map(([token, value]) => ({
        key: token,
        cells: [
          token,
          value,
          <Box
            key="sample"
            boxSize="12"
            borderRadius={token}
            bg="accent.subtle"
            borderWidth="medium"
            borderColor="accent"
          />,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: 'md' }).closest('tr');
    await expect(row).toHaveTextContent('0.5rem');
    const sample = row?.querySelector('td:last-child > div');
    await expect(sample && getComputedStyle(sample).borderTopLeftRadius).toBe('8px');
  },
};
