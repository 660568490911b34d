import { Box } from '@chakra-ui/react';
import { dialogSlotRecipe, menuSlotRecipe, selectSlotRecipe } from '@chakra-ui/react/theme';
import { coachSystem } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DocTable } from './DocTable.tsx';

// The shadow tokens of the system (Chakra's, light values only), in the theme's order.
const shadows = [...(coachSystem.tokens.categoryMap.get('shadows')?.entries() ?? [])].map(
  ([name, token]) => ({ name, definition: String(token.originalValue) }),
);

/**
 * Where the library raises something off the page, read from the recipes and the component the
 * theme builds them from, so a change there shows here.
 */
const uses: Record<string, string[]> = {};
const addUse = (token: unknown, what: string) => {
  if (typeof token === 'string') uses[token] = [...(uses[token] ?? []), what];
};
addUse(dialogSlotRecipe.base?.content?.boxShadow, 'Modal, ShortcutHelp (the dialog)');
addUse(menuSlotRecipe.base?.content?.boxShadow, "MessageComposer's quick replies (the menu)");
addUse(selectSlotRecipe.base?.content?.boxShadow, "Select's list");
// ToastContainer sets react-toastify's shadow to this token (`--toastify-toast-shadow`).
addUse('md', 'Toasts');

const meta = {
  title: 'Foundations/Shadows',
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component: [
          "Shadows lift what floats over the page: dialogs, menus, a select's list, toasts. The",
          "theme keeps Chakra's shadow tokens (light values: a gray.900 tint and a 1 px outline);",
          'everything on the page itself (tiles, fields, tables) has a border and no shadow. A',
          'shadow is never the only edge of something: each of these also has a background that',
          'differs from the page behind it, or a dimmed backdrop.',
        ].join(' '),
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every shadow token, its definition, where the library uses it, and a sample on white. */
export const Scale: Story = {
  render: () => (
    <DocTable
      caption="Shadow tokens"
      columns={['Token', 'Definition', 'Used by', 'Sample']}
      rows={shadows.map(({ name, definition }) => ({
        key: name,
        cells: [
          name,
          <Box key="definition" as="code" fontSize="xs">
            {definition}
          </Box>,
          uses[name]?.join('; ') ?? '—',
          <Box
            key="sample"
            data-shadow={name}
            boxSize="16"
            margin="4"
            bg="bg"
            borderRadius="md"
            boxShadow={name}
          />,
        ],
      }))}
    />
  ),
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('rowheader', { name: 'lg' }).closest('tr');
    await expect(row).toHaveTextContent('Modal, ShortcutHelp');
    const sample = canvasElement.querySelector('[data-shadow="lg"]');
    await expect(sample && getComputedStyle(sample).boxShadow).toMatch(/0px 8px 16px/);
  },
};
