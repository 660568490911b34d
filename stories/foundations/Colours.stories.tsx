import { Box, Code, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { palette } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LuCheck, LuX } from 'react-icons/lu';
import { expect, within } from 'storybook/test';
import { type ColourRow, hexOf, paletteRows, semanticRows } from './colourTokens.ts';
import { AA_LARGE_TEXT, AA_TEXT, contrastRatio, formatRatio } from './contrast.ts';
import { DocTable } from './DocTable.tsx';

const white = '#ffffff';
const foreground = hexOf('fg');

function Swatch({ token }: { token: string }) {
  // No text on the swatch: its colour is the point, whatever its contrast.
  return (
    <Box
      boxSize="8"
      borderRadius="sm"
      bg={token}
      borderWidth="thin"
      borderColor="border.emphasized"
    />
  );
}

function AaMark({ ratio, minimum = AA_TEXT }: { ratio: number; minimum?: number }) {
  const isPass = ratio >= minimum;
  return (
    <HStack gap="1" color={isPass ? 'success.fg' : 'error.fg'} fontWeight="medium">
      <Icon as={isPass ? LuCheck : LuX} aria-hidden />
      <Text as="span">{isPass ? 'Pass' : 'Fail'}</Text>
    </HStack>
  );
}

/**
 * AA for both uses of a colour: as text (4.5:1) and as a UI part, a border, a bar or an icon
 * (3:1, WCAG 1.4.11). A border at 3.21:1 passes; the same colour as body text does not.
 */
function AaMarks({ ratio }: { ratio: number }) {
  return (
    <Stack gap="0.5">
      <HStack gap="1">
        <Text as="span" color="fg.muted" minWidth="14">
          Text
        </Text>
        <AaMark ratio={ratio} />
      </HStack>
      <HStack gap="1">
        <Text as="span" color="fg.muted" minWidth="14">
          UI part
        </Text>
        <AaMark ratio={ratio} minimum={AA_LARGE_TEXT} />
      </HStack>
    </Stack>
  );
}

const columns = [
  'Token',
  'Swatch',
  'Value',
  'Contrast on white',
  'AA on white',
  'Contrast with fg',
  'AA with fg',
];

const toTableRows = (rows: ColourRow[]) =>
  rows.map((row) => {
    const onWhite = contrastRatio(row.hex, white);
    const withForeground = contrastRatio(row.hex, foreground);
    return {
      key: row.token,
      cells: [
        row.token,
        <Swatch key="swatch" token={row.token} />,
        <Stack key="value" gap="0">
          <Code width="fit-content">{row.hex}</Code>
          {row.reference && (
            <Text as="span" textStyle="xs" color="fg.muted">
              {row.reference}
            </Text>
          )}
        </Stack>,
        formatRatio(onWhite),
        <AaMarks key="white" ratio={onWhite} />,
        formatRatio(withForeground),
        <AaMarks key="fg" ratio={withForeground} />,
      ],
    };
  });

/** The row whose row header reads exactly `name`. */
const rowOf = (table: HTMLElement, name: string) => {
  const row = within(table).getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

const meta = {
  title: 'Foundations/Colours',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Every colour of the Coach theme with its WCAG 2 contrast ratio, computed from the hex ' +
          "values of `@coach/ui`'s `palette`. AA needs 4.5:1 for body text and 3:1 for large " +
          'text and for UI parts (bars, borders, icons). Components use the semantic tokens only.',
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The semantic tokens that components use, resolved to their palette shade. */
export const SemanticTokens: Story = {
  render: () => (
    <DocTable
      caption="Semantic colour tokens, their palette value and contrast as text and as UI parts"
      columns={columns}
      rows={toTableRows(semanticRows)}
    />
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: /Semantic colour tokens/ });
    const fgRow = rowOf(table, 'fg');
    await expect(fgRow).toHaveTextContent('#161a22');
    // fg on white is 17.42:1, and fg against itself is 1:1.
    await expect(fgRow).toHaveTextContent('17.42:1');
    await expect(fgRow).toHaveTextContent('1.00:1');
    const laggingRow = rowOf(table, 'lagging');
    await expect(laggingRow).toHaveTextContent('#e0641d');
    await expect(laggingRow).toHaveTextContent('3.49:1');
    // On white: too light for text (4.5:1), enough for a bar or a border (3:1).
    const [asText, asPart] = within(laggingRow).getAllByText(/Pass|Fail/);
    await expect(asText).toHaveTextContent('Fail');
    await expect(asPart).toHaveTextContent('Pass');
  },
};

/** Every shade of the raw palette, for designers; components never use these directly. */
export const Palette: Story = {
  render: () => (
    <DocTable
      caption="Palette shades and their contrast as text and as UI parts"
      columns={columns}
      rows={toTableRows(paletteRows)}
    />
  ),
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('row');
    const shadeCount = Object.values(palette).reduce(
      (count, shades) => count + Object.keys(shades).length,
      0,
    );
    // A header row plus one row per shade.
    await expect(rows).toHaveLength(shadeCount + 1);
  },
};

// Text colours on the backgrounds the product puts them on.
const pairs: [text: string, background: string][] = [
  ['fg', 'bg'],
  ['fg.muted', 'bg'],
  ['fg.subtle', 'bg'],
  ['fg.muted', 'bg.subtle'],
  ['fg.subtle', 'bg.muted'],
  ['accent.fg', 'accent'],
  ['accent', 'bg'],
  ['accent.emphasized', 'accent.subtle'],
  ['success.fg', 'success.subtle'],
  ['error.fg', 'error.subtle'],
  ['warning.fg', 'warning.subtle'],
  ['lagging.fg', 'lagging.subtle'],
  ['lagging.fg', 'bg'],
  ['warning', 'bg'],
  ['lagging', 'bg'],
];

/** The text-on-background pairs the product uses, with a sample only where it passes AA. */
export const TextPairs: Story = {
  render: () => (
    <DocTable
      caption="Text colour on background colour pairs"
      columns={['Text on background', 'Sample', 'Contrast', 'AA text']}
      rows={pairs.map(([text, background]) => {
        const ratio = contrastRatio(hexOf(text), hexOf(background));
        return {
          key: `${text}-${background}`,
          cells: [
            `${text} on ${background}`,
            ratio >= AA_TEXT ? (
              <Box
                key="sample"
                bg={background}
                color={text}
                paddingInline="3"
                paddingBlock="1.5"
                borderRadius="sm"
                borderWidth="thin"
                borderColor="border"
              >
                Sample text 72 %
              </Box>
            ) : (
              <HStack key="sample" gap="2">
                <Swatch token={background} />
                <Swatch token={text} />
                <Text as="span" textStyle="xs" color="fg.muted">
                  Not for text: use for bars, icons and borders
                </Text>
              </HStack>
            ),
            formatRatio(ratio),
            <AaMark key="aa" ratio={ratio} />,
          ],
        };
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: /pairs/ });
    const primary = rowOf(table, 'fg on bg');
    await expect(primary).toHaveTextContent('Pass');
    const bar = rowOf(table, 'lagging on bg');
    await expect(bar).toHaveTextContent('Not for text');
  },
};
