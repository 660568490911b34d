import { Stack, Text } from '@chakra-ui/react';
import { fontSizes } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DocTable } from './DocTable.tsx';
import { formatPx, MIN_APP_WIDTH, remToPx, rootFontSizes, widthRangeOf } from './rootFontSizes.ts';

const meta = {
  title: 'Foundations/Typography',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Font sizes are rem tokens (`fontSizes` of `@coach/ui`), so they follow the root font ' +
          'size that the app sets by screen width. The body font is Inter.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Which root font size the app sets at which screen width. */
export const RootFontSizes: Story = {
  render: () => (
    <DocTable
      caption={`Root font size by screen width (under ${MIN_APP_WIDTH} px the app is blocked)`}
      columns={['Screen width', 'Root font size', '1rem']}
      rows={rootFontSizes.map(({ size }, index) => ({
        key: String(size),
        cells: [widthRangeOf(index), `${size} px`, formatPx(size)],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('rowheader', { name: '1004–1096 px' })).toBeVisible();
    await expect(canvas.getByRole('rowheader', { name: '1901 px and wider' })).toBeVisible();
  },
};

/** Each font size token in px at each root font size, with a sample rendered at that size. */
export const FontSizes: Story = {
  render: () => (
    <DocTable
      caption="Font size tokens in px at each root font size"
      columns={['Token', 'rem', ...rootFontSizes.map(({ size }) => `At ${size} px root`)]}
      rows={Object.entries(fontSizes).map(([token, rem]) => ({
        key: token,
        cells: [
          token,
          rem,
          ...rootFontSizes.map(({ size }) => {
            const px = remToPx(rem, size);
            return (
              <Stack key={size} gap="0.5">
                {/* px on purpose: this sample shows the size a given root produces. */}
                <Text as="span" style={{ fontSize: `${px}px` }} lineHeight="1.2" aria-hidden>
                  Ag
                </Text>
                <Text as="span" textStyle="xs" color="fg.muted">
                  {formatPx(px)}
                </Text>
              </Stack>
            );
          }),
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: 'sm' }).closest('tr');
    // sm is 0.875rem: 9.63 px at 11, 10.5 at 12, 12.25 at 14, 13.13 at 15, 14 at 16.
    for (const px of ['9.63 px', '10.5 px', '12.25 px', '13.13 px', '14 px']) {
      await expect(row).toHaveTextContent(px);
    }
  },
};

/** The sizes in use, at the Storybook root of 16 px. */
export const Scale: Story = {
  render: () => (
    <Stack gap="3">
      {Object.keys(fontSizes).map((token) => (
        <Text key={token} fontSize={token} lineHeight="short">
          {token}: Clients who fall under 70 % are flagged as lagging
        </Text>
      ))}
    </Stack>
  ),
};
