import { HStack, VStack } from '@chakra-ui/react';
import { ProfilePicture, type ProfilePictureSize } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

// Inline pictures, so stories make no network request and snapshots are stable.
const portrait = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><rect width='64' height='64' fill='seagreen'/><circle cx='32' cy='26' r='12' fill='wheat'/><rect x='12' y='42' width='40' height='30' rx='15' fill='wheat'/></svg>",
)}`;
// Valid data URL, invalid PNG bytes: the browser fails to decode it.
const brokenPicture = 'data:image/png;base64,AAAA';

const sizes: ProfilePictureSize[] = ['xs', 'sm', 'md', 'lg', 'xl'];

const meta = {
  title: 'UI/ProfilePicture',
  component: ProfilePicture,
  tags: ['autodocs', 'status:stable'],
  args: { src: portrait, name: 'Ada Lovelace', size: 'lg' },
  argTypes: {
    // An address to paste (a picture's URL or a data URL); cleared, it shows the fallback.
    src: { control: 'text' },
    size: { control: 'inline-radio', options: sizes },
  },
} satisfies Meta<typeof ProfilePicture>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Expects the person icon in place of the picture, named after the person. */
const expectFallback = async (canvasElement: HTMLElement, name: string) => {
  await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
  const fallback = within(canvasElement).getByRole('img', { name });
  await expect(fallback.querySelector('svg')).toBeVisible();
};

/** Every prop in the controls: the picture's address (empty for the icon), the name, the size. */
export const Playground: Story = {};

/** A picture that loads: a round image named after the person (its `alt`). */
export const Image: Story = {
  play: async ({ canvasElement }) => {
    const picture = within(canvasElement).getByRole('img', { name: 'Ada Lovelace' });
    await expect(picture.tagName).toBe('IMG');
    await waitFor(() => expect((picture as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  },
};

/** No picture (`null`): the person icon on a tinted circle, still named after the person. */
export const Missing: Story = {
  args: { src: null },
  play: async ({ canvasElement }) => expectFallback(canvasElement, 'Ada Lovelace'),
};

/** A picture that fails to load falls back to the same person icon, never a broken image. */
export const BrokenUrl: Story = {
  args: { src: brokenPicture },
  play: async ({ canvasElement }) => expectFallback(canvasElement, 'Ada Lovelace'),
};

/** A very long name changes nothing visible: it is only the accessible name of the icon. */
export const LongName: Story = {
  args: { src: null, name: 'Maria Magdalena Alexandrina von Hohenzollern-Sigmaringen Lovelace' },
  play: async ({ canvasElement }) =>
    expectFallback(
      canvasElement,
      'Maria Magdalena Alexandrina von Hohenzollern-Sigmaringen Lovelace',
    ),
};

/** Every size, with a picture and with the fallback icon. */
export const Sizes: Story = {
  render: (args) => (
    <VStack align="start" gap="4">
      {[portrait, null].map((src) => (
        <HStack key={src ?? 'fallback'} gap="4" align="center">
          {sizes.map((size) => (
            <ProfilePicture
              key={size}
              {...args}
              src={src}
              size={size}
              name={`${args.name}, ${size}`}
            />
          ))}
        </HStack>
      ))}
    </VStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const size of sizes) {
      await expect(canvas.getAllByRole('img', { name: `Ada Lovelace, ${size}` })).toHaveLength(2);
    }
  },
};
