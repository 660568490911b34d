import { createHandlers, demoResetCode, fixtureIds, onePixelPng } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { chooseOption } from './chooseOption.ts';
import { expectToast } from './expectToast.ts';
import { freshMockState } from './freshMockState.ts';
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

const replyField = (canvas: Canvas, number: number) =>
  canvas.getByRole('textbox', { name: new RegExp(`^Quick reply ${number}\\b`) });

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
 * The first name changed to ' Alexandra ' and saved: the toast 'Profile successfully edited', the
 * trimmed name kept in the field, and the picture named after what the server saved.
 */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, firstName, save } = await form(canvasElement);
    await userEvent.clear(firstName);
    await userEvent.type(firstName, '  Alexandra ');
    await userEvent.click(save);
    await expectToast('Profile successfully edited');
    await expect(firstName).toHaveValue('Alexandra');
    await expect(canvas.getByRole('img', { name: 'Alexandra Morgan' })).toBeVisible();
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

/**
 * The profile could not be read (a 500, once): 'Error processing profile' with a retry, which
 * reads it. Its picture would be Loaded's.
 */
export const LoadErrorRetried: Story = {
  parameters: { snapshot: false },
  beforeEach({ msw }) {
    msw.use(
      http.get(
        '*/api/account/persons/:id',
        () => HttpResponse.json({ error: 'internal_error', message: 'Boom' }, { status: 500 }),
        { once: true },
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error processing profile');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByLabelText('First name')).toHaveValue('Alex');
    await expect(canvas.queryByText('Error processing profile')).not.toBeInTheDocument();
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

/**
 * Only the types the server takes (PNG, JPEG, WebP): a GIF is refused as a PDF would be, neither
 * previewed nor uploaded: Save then saves the profile alone.
 */
export const PictureNotImage: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, picture, save } = await form(canvasElement);
    await expect(picture).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    choose(picture, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    await expect(
      await canvas.findByText('You are able to only use images as a profile picture'),
    ).toBeVisible();
    await expect(picture).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('img', { name: 'Alex Morgan' })).not.toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    // Uploaded, the GIF would be refused by the server: 'Profile picture uploading failed'.
    await userEvent.click(save);
    await expectToast('Profile successfully edited');
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
 * A new picture chosen shows at once as a preview; on Save the profile is saved but the server
 * refuses the picture as too large (413): the toast 'Profile picture uploading failed', and the
 * size message under the picture.
 */
export const UploadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          putProfilePicture: { status: 413, error: 'payload_too_large', message: 'Too large' },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { canvas, firstName, picture, save } = await form(canvasElement);
    await userEvent.type(firstName, 'a');
    choose(picture, png());
    // The preview shows the chosen file before anything is saved.
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Alex Morgan' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    await userEvent.click(save);
    await waitFor(() => expect(page().getByText('Profile picture uploading failed')).toBeVisible());
    await expect(page().queryByText('Profile successfully edited')).not.toBeInTheDocument();
    await expectToast('Profile picture uploading failed');
    // The profile was saved all the same: the picture is named after the saved name.
    await expect(canvas.getByRole('img', { name: 'Alexa Morgan' })).toBeVisible();
    await expect(
      canvas.getByText(
        'File is too big for the upload, the limit is 7 MB. Please, choose another one',
      ),
    ).toBeVisible();
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
 * The password changed in the dialog: 'Password successfully changed', the dialog closed, and this
 * tab still signed in (the server ended the other sessions): a save goes through. Its picture
 * would be Saved's.
 */
export const PasswordChanged: Story = {
  parameters: { snapshot: false },
  play: async ({ canvasElement }) => {
    const { canvas, save } = await form(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Change password' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Next' }));
    await userEvent.type(await dialog.findByLabelText('Code'), demoResetCode);
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.type(await dialog.findByLabelText('New password'), 'NewPass123');
    await userEvent.type(dialog.getByLabelText('Confirm password'), 'NewPass123');
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await expectToast('Password successfully changed');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(save);
    await expectToast('Profile successfully edited');
    await expect(canvas.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
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
    await expect(replyField(canvas, 1)).toHaveValue(
      'Hi {firstName}, I noticed your scores dipped this week. How are you feeling?',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Remove quick reply 4' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Move quick reply 2 up' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a quick reply' }));
    // '{{' types one '{'.
    await userEvent.type(replyField(canvas, 4), 'See you on Thursday, {{firstName}.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save quick replies' }));
    await expectToast('Quick replies saved');
    // The form shows the replies as the server stored them, in that order.
    await expect(
      [1, 2, 3, 4].map((number) => (replyField(canvas, number) as HTMLTextAreaElement).value),
    ).toEqual([
      'Great progress, {firstName}! Keep it up.',
      'Hi {firstName}, I noticed your scores dipped this week. How are you feeling?',
      'Thanks for letting me know, {firstName}. Let us talk about it in our next session.',
      'See you on Thursday, {firstName}.',
    ]);
    heading.scrollIntoView({ block: 'start' });
  },
};

/** A quick reply added but left blank: 'Write the quick reply or remove it'. */
export const QuickReplyBlank: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { name: 'Quick replies' });
    await userEvent.click(canvas.getByRole('button', { name: 'Add a quick reply' }));
    await userEvent.type(replyField(canvas, 5), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Save quick replies' }));
    await expect(await canvas.findByText('Write the quick reply or remove it')).toBeVisible();
    heading.scrollIntoView({ block: 'start' });
  },
};

/** The quick replies' save fails on the server: the toast says so. Its picture would be Loaded's. */
export const QuickRepliesSaveError: Story = {
  parameters: { snapshot: false },
  beforeEach({ msw }) {
    msw.use(http.put('*/api/messaging/quickReplies', () => HttpResponse.json({}, { status: 500 })));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Quick replies' });
    await userEvent.click(canvas.getByRole('button', { name: 'Save quick replies' }));
    await expectToast('The quick replies could not be saved.');
  },
};

/** The language's save fails: 'Error saving language', and the app stays in English. */
export const LanguageSaveError: Story = {
  parameters: { snapshot: false },
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          updateCoachSettings: { status: 500, error: 'internal_error', message: 'Boom' },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseOption(
      await canvas.findByRole('combobox', { name: 'Language' }),
      'Language',
      'Español',
    );
    await expectToast('Error saving language');
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
  },
};

const spanishBrowser = freshMockState((state) => {
  state.coachSettings.set(fixtureIds.coachPerson, {
    hasTimezone: true,
    hasLanguage: false,
    isMorningMailOn: false,
    morningMailHour: 6,
    language: 'en-US',
  });
});

/**
 * A Spanish browser, the coach keeping the default language (mail off at 06:00): the app speaks
 * Spanish and the choice shows Español; English picked is saved with the mail settings unchanged,
 * and said in English. Its picture would be Loaded's.
 */
export const LanguageFromSpanishBrowser: Story = {
  globals: { locale: 'es' },
  parameters: { snapshot: false },
  beforeEach: spanishBrowser.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const language = await canvas.findByRole('combobox', { name: 'Idioma' });
    await expect(language).toHaveTextContent('Español');
    await chooseOption(language, 'Idioma', 'English');
    await expectToast('Language saved');
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    await expect(spanishBrowser.state().coachSettings.get(fixtureIds.coachPerson)).toEqual({
      hasTimezone: true,
      hasLanguage: true,
      isMorningMailOn: false,
      morningMailHour: 6,
      language: 'en-US',
    });
  },
};
