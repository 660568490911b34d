import { createHandlers, fixtureIds, onePixelPng } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectToast } from './expectToast.ts';
import { signedInParameters, signedInScreen } from './signedInScreen.tsx';

/** Settings in the signed-in app ('/settings'), the demo coach signed in from stored tokens. */
const meta = {
  title: 'App/Screens/Settings',
  ...signedInScreen({ appRootFontSize: false }),
  parameters: { docs: { story: ownFrame() }, ...signedInParameters('/settings') },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

// Toasts and the modal are portalled out of the story's root.
const page = () => within(document.body);

/** The loaded profile form. */
async function form(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const firstName = await canvas.findByLabelText('First name');
  return {
    canvas,
    firstName,
    lastName: canvas.getByLabelText('Last name'),
    save: canvas.getByRole('button', { name: 'Save' }),
    picture: canvas.getByLabelText('Choose picture'),
  };
}

const choose = (input: HTMLElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });

const png = (size?: number) =>
  new File([size ? new Uint8Array(size) : onePixelPng], 'me.png', { type: 'image/png' });

/**
 * The coach's settings loaded: breadcrumb and heading, first and last name, the About me text with
 * its 73/500 counter, the profile picture and the 'Change password' button.
 */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, firstName, lastName } = await form(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Settings',
    );
    await expect(firstName).toHaveValue('Alex');
    await expect(lastName).toHaveValue('Morgan');
    await expect(canvas.getByLabelText('About me')).toHaveValue(
      'Certified wellbeing coach. I help people sleep, focus and breathe better.',
    );
    await expect(canvas.getByText('73/500')).toBeVisible();
    // Signed, as the server gives it: an <img> sends no bearer token.
    await expect(await canvas.findByRole('img', { name: 'Alex Morgan' })).toHaveAttribute(
      'src',
      expect.stringMatching(
        new RegExp(
          `/api/resource/profilePicture/${fixtureIds.coachPerson}\\?expires=\\d+&signature=[\\w-]+$`,
        ),
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeVisible();
  },
};

/**
 * While the profile loads (the request never answers): the heading over a busy 'Loading'
 * placeholder, no form yet.
 */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/account/persons/:id', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(canvas.queryByLabelText('First name')).not.toBeInTheDocument();
  },
};

/**
 * Both names cleared and saved: 'First name is required' and 'Last name is required', Save
 * disabled; then a 251-character last name: 'Max 250 characters'.
 */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, firstName, lastName, save } = await form(canvasElement);
    await userEvent.clear(firstName);
    await userEvent.clear(lastName);
    // The names are checked on submit, not while typing.
    await expect(canvas.queryByText('First name is required')).not.toBeInTheDocument();
    await userEvent.click(save);
    await expect(await canvas.findByText('First name is required')).toBeVisible();
    await expect(canvas.getByText('Last name is required')).toBeVisible();
    await expect(save).toBeDisabled();
    await userEvent.click(lastName);
    await userEvent.paste('x'.repeat(251));
    await expect(canvas.queryByText('Last name is required')).not.toBeInTheDocument();
    // Save stays disabled while an error remains.
    await expect(save).toBeDisabled();
    await userEvent.type(firstName, 'Alex');
    await userEvent.click(save);
    await expect(await canvas.findByText('Max 250 characters')).toBeVisible();
  },
};

/**
 * The first name changed to Alexandra and saved: the toast 'Profile successfully edited', the new
 * name kept in the field.
 */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const { firstName, save } = await form(canvasElement);
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Alexandra');
    await userEvent.click(save);
    await expectToast('Profile successfully edited');
    await expect(firstName).toHaveValue('Alexandra');
  },
};

/**
 * Saving fails on the server: the toast 'Error updating profile'; the edited values stay in the
 * form for another try.
 */
export const SaveError: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          updatePerson: { status: 500, error: 'internal_error', message: 'Something went wrong' },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { firstName, save } = await form(canvasElement);
    await userEvent.type(firstName, 'a');
    await userEvent.click(save);
    await expectToast('Error updating profile');
    await expect(firstName).toHaveValue('Alexa');
  },
};

/** The profile could not be read, the server out of reach: it says so, with a retry. */
export const LoadServerUnreachable: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/account/persons/:id', () => HttpResponse.error()));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The server could not be reached, please try again');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.queryByLabelText('First name')).not.toBeInTheDocument();
  },
};

/** The save could not reach the server: it says so, and what was typed stays to save again. */
export const SaveServerUnreachable: Story = {
  beforeEach({ msw }) {
    msw.use(http.put('*/api/account/persons/:id', () => HttpResponse.error()));
  },
  play: async ({ canvasElement }) => {
    const { canvas, firstName, save } = await form(canvasElement);
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Alexandra');
    await userEvent.clear(canvas.getByLabelText('About me'));
    await userEvent.type(canvas.getByLabelText('About me'), 'Typed before the network went');
    await userEvent.click(save);
    await expectToast('The server could not be reached, please try again');
    await expect(firstName).toHaveValue('Alexandra');
    await expect(canvas.getByLabelText('About me')).toHaveValue('Typed before the network went');
    await expect(save).toBeEnabled();
  },
};

/** Only the types the server takes (PNG, JPEG, WebP): a GIF is refused as a PDF would be. */
export const PictureNotImage: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, picture } = await form(canvasElement);
    await expect(picture).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    choose(picture, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    await expect(
      await canvas.findByText('You are able to only use images as a profile picture'),
    ).toBeVisible();
    await expect(picture).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * A picture over 7 MB chosen: 'File is too big for the upload, the limit is 7 MB. Please, choose
 * another one' under the picture; nothing is uploaded.
 */
export const PictureTooBig: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, picture } = await form(canvasElement);
    choose(picture, png(7_000_001));
    await expect(
      await canvas.findByText(
        'File is too big for the upload, the limit is 7 MB. Please, choose another one',
      ),
    ).toBeVisible();
    // No preview of the refused file: the stored picture stays.
    await expect(canvas.getByRole('img', { name: 'Alex Morgan' })).not.toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
  },
};

/**
 * A new picture chosen shows at once as a preview; on Save its upload fails: the toast 'Profile
 * picture uploading failed'.
 */
export const UploadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          putProfilePicture: {
            status: 500,
            error: 'internal_error',
            message: 'Something went wrong',
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { canvas, picture, save } = await form(canvasElement);
    choose(picture, png());
    // The preview shows the chosen file before anything is saved.
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Alex Morgan' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    await userEvent.click(save);
    await expectToast('Profile picture uploading failed');
  },
};

/**
 * 'Change password' opens the reset flow in a dialog at step 1, with the coach's email filled in
 * and read-only.
 */
export const ChangePasswordOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas: Canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Change password' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Change password' }));
    // Visible once the opening animation is over.
    await waitFor(() => expect(dialog.getByText('Step 1 of 3')).toBeVisible());
    await expect(dialog.getByLabelText('Email')).toHaveValue('coach@example.com');
    await expect(dialog.getByLabelText('Email')).toHaveAttribute('readonly');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

/**
 * The quick replies: the demo coach's four, the second moved up, the last removed and a new one
 * added, then saved in that order: 'Quick replies saved'.
 */
export const QuickReplies: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { name: 'Quick replies' });
    await userEvent.click(canvas.getByRole('button', { name: 'Remove quick reply 4' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Move quick reply 2 up' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a quick reply' }));
    // '{{' types one '{'.
    await userEvent.type(
      canvas.getByRole('textbox', { name: /^Quick reply 4\b/ }),
      'See you on Thursday, {{firstName}.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save quick replies' }));
    await expectToast('Quick replies saved');
    await expect(canvas.getByRole('textbox', { name: /^Quick reply 1\b/ })).toHaveValue(
      'Great progress, {firstName}! Keep it up.',
    );
    heading.scrollIntoView({ block: 'start' });
  },
};
