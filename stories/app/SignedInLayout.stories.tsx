import { fixtureTokens } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { signedInParameters, signedInScreen } from './signedInScreen.tsx';

/** The signed-in app: the left menu and the content area, the coach signed in from stored tokens. */
const meta = {
  title: 'App/Layouts/Signed in',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-layouts-signedinlayout',
  ...signedInScreen({ appRootFontSize: false }),
  parameters: { docs: { story: ownFrame() }, ...signedInParameters('/clients') },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const menu = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const nav = await canvas.findByRole('navigation', { name: 'Main' });
  return { canvas, nav: within(nav) };
};

/**
 * The signed-in frame at /clients: the menu with the Coach logo, 'My clients' active, Settings,
 * and Log out at the bottom, beside the clients screen.
 */
export const MyClientsActive: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, nav } = await menu(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'My clients' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^My clients/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
    await expect(nav.getByRole('link', { name: 'Coach' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
  },
};

/** At /settings: the Settings entry is the active one and the settings screen fills the page. */
export const SettingsActive: Story = {
  parameters: { route: '/settings' },
  play: async ({ canvasElement }) => {
    const { canvas, nav } = await menu(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/**
 * A client's profile: 'My clients' stays active in the menu (the profile belongs to it) and the
 * breadcrumb leads back to the list.
 */
export const ClientProfile: Story = {
  parameters: { route: '/clients/00000000-0000-4000-8000-000000000102' },
  play: async ({ canvasElement }) => {
    const { canvas, nav } = await menu(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Jamie Lee' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^My clients/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const breadcrumb = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }));
    await expect(breadcrumb.getByRole('link', { name: 'My clients' })).toHaveAttribute(
      'href',
      '/clients',
    );
  },
};

/** '/' and unknown paths open the clients list. */
export const UnknownPathRedirects: Story = {
  parameters: { route: '/nowhere' },
  play: async ({ canvasElement }) => {
    const { canvas } = await menu(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'My clients' })).toBeVisible();
  },
};

/** Log out ends the session and shows the sign-in screen. */
export const LogoutReturnsToSignIn: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, nav } = await menu(canvasElement);
    await userEvent.click(nav.getByRole('button', { name: 'Log out' }));
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  },
};

/** Stored tokens of a 'user' account: refused, the reason shown on the sign-in screen. */
export const UserTypeRefusedAtStart: Story = {
  parameters: { session: { tokens: fixtureTokens.client } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Invalid user type. Only coaches allowed',
    );
    await expect(canvas.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  },
};
