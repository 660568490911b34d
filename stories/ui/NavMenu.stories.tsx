import { Box } from '@chakra-ui/react';
import { Button, NavMenu, type NavMenuItem, type NavMenuLinkProps } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LuCalendar, LuChartLine, LuLogOut, LuSettings, LuUsers } from 'react-icons/lu';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CoachMark } from './fixtures/CoachMark.tsx';
import { showState } from './fixtures/interactionStates.tsx';

const navigate = fn().mockName('navigate');
const handleLogout = fn().mockName('logout');

/** Stands in for a router link: maps `href` to a navigation call instead of loading a page. */
function SpyRouterLink({ href, onClick, ...props }: NavMenuLinkProps) {
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onClick?.(event);
        navigate(href);
      }}
    />
  );
}

const items: NavMenuItem[] = [
  { id: 'clients', name: 'My clients', icon: <LuUsers />, href: '/clients', isActive: true },
  { id: 'settings', name: 'Settings', icon: <LuSettings />, href: '/settings' },
];

/** The product's mark, as the app passes it: a link to the root. */
const logo = <CoachMark href="/" />;

const meta = {
  title: 'UI/NavMenu',
  component: NavMenu,
  tags: ['autodocs', 'status:stable'],
  args: {
    logo,
    items,
    bottomAction: (
      <Button variant="ghost" icon={<LuLogOut aria-hidden />} onClick={handleLogout}>
        Log out
      </Button>
    ),
  },
  argTypes: {
    logo: { control: false },
    bottomAction: { control: false },
    linkComponent: { control: false },
  },
  decorators: [
    (Story) => (
      <Box height="36rem">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof NavMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls: edit the entries (name, href, `isActive`) and the landmark's name. */
export const Playground: Story = {
  args: { 'aria-label': 'Main', onItemClick: fn() },
};

/**
 * The signed-in coach's bar: logo, 'My clients' active (tinted background, `aria-current`),
 * 'Settings', and the logout button at the bottom.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    handleLogout.mockClear();
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    const active = within(nav).getByRole('link', { name: 'My clients' });
    const other = within(nav).getByRole('link', { name: 'Settings' });
    await expect(active).toHaveAttribute('aria-current', 'page');
    await expect(active).toHaveAttribute('href', '/clients');
    await expect(other).not.toHaveAttribute('aria-current');
    await expect(getComputedStyle(active).backgroundColor).not.toBe(
      getComputedStyle(other).backgroundColor,
    );
    await expect(within(nav).getByRole('link', { name: 'Coach' })).toHaveAttribute('href', '/');

    await userEvent.click(within(nav).getByRole('button', { name: 'Log out' }));
    await expect(handleLogout).toHaveBeenCalledTimes(1);
  },
};

/** The links rendered by the caller's component (a router link in the app); `onItemClick` hears the entry. */
export const CustomLinkComponent: Story = {
  args: { linkComponent: SpyRouterLink, onItemClick: fn() },
  play: async ({ args, canvasElement }) => {
    navigate.mockClear();
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }));
    await expect(navigate).toHaveBeenCalledWith('/settings');
    await expect(args.onItemClick).toHaveBeenCalledWith(items[1]);
  },
};

/** A page outside the menu (e.g. a client's profile): no entry is highlighted. */
export const NoActiveItem: Story = {
  args: { items: items.map((item) => ({ ...item, isActive: false })) },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    for (const link of links) await expect(link).not.toHaveAttribute('aria-current');
  },
};

/** No entries: only the logo and the bottom action. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getAllByRole('link')).toHaveLength(1);
    await expect(within(nav).getByRole('button', { name: 'Log out' })).toBeVisible();
  },
};

/** Long entry names wrap beside their icons; the bar keeps its width. */
export const LongText: Story = {
  args: {
    'aria-label': 'Coach navigation',
    items: [
      ...items,
      {
        id: 'calendar',
        name: 'Calendar of every scheduled session and reflection window',
        icon: <LuCalendar />,
        href: '/calendar',
      },
      {
        id: 'analytics',
        name: 'Engagement analytics across all clients and journey phases',
        icon: <LuChartLine />,
        href: '/analytics',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Coach navigation' });
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(4);
  },
};

/** In a 20rem container: the bar keeps its own width. */
export const Narrow: Story = { parameters: { width: '20rem' } };

/** In a 60rem container: the bar keeps its own width, the entries do not stretch. */
export const Wide: Story = { parameters: { width: '60rem' } };

/**
 * An entry hovered (the subtle background) and one focused by keyboard (the ring outside it):
 * 'Settings' hovered, the active 'My clients' focused.
 */
export const HoverAndFocus: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    showState(within(nav).getByRole('link', { name: 'Settings' }), 'hover');
    showState(within(nav).getByRole('link', { name: 'My clients' }), 'focus-visible');
  },
};
