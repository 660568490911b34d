import { Breadcrumb, type BreadcrumbLinkProps } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LuUsers } from 'react-icons/lu';
import { expect, fn, userEvent, within } from 'storybook/test';
import { showState } from './fixtures/interactionStates.tsx';

const navigate = fn().mockName('navigate');

/** Stands in for a router link: maps `href` to a navigation call instead of loading a page. */
function SpyRouterLink({ href, onClick, ...props }: BreadcrumbLinkProps) {
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

const meta = {
  title: 'UI/Breadcrumb',
  component: Breadcrumb,
  tags: ['autodocs', 'status:stable'],
  args: {
    icon: <LuUsers />,
    items: [
      { name: 'My clients', href: '/clients' },
      { name: 'Ada Lovelace', href: '/clients/42' },
    ],
  },
  argTypes: { icon: { control: false }, linkComponent: { control: false } },
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls: edit the items (name, href) and the landmark's name. */
export const Playground: Story = {
  args: {
    'aria-label': 'Breadcrumb',
    items: [
      { name: 'My clients', href: '/clients' },
      { name: 'Ada Lovelace', href: '/clients/42' },
      { name: 'Report', href: '/clients/42/report' },
    ],
  },
};

/**
 * Two levels, as on a client's profile: the parent page is a link, the current page is plain
 * text marked `aria-current="page"`.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' });
    const link = within(nav).getByRole('link', { name: 'My clients' });
    await expect(link).toHaveAttribute('href', '/clients');
    await expect(within(nav).getAllByRole('link')).toHaveLength(1);
    await expect(within(nav).getByText('Ada Lovelace')).toHaveAttribute('aria-current', 'page');
  },
};

/** Three levels: every page but the last links to its path, separated by chevrons. */
export const ThreeLevels: Story = {
  args: {
    items: [
      { name: 'My clients', href: '/clients' },
      { name: 'Ada Lovelace', href: '/clients/42' },
      { name: 'Report', href: '/clients/42/report' },
    ],
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/clients',
      '/clients/42',
    ]);
    await expect(within(nav).getByText('Report')).toHaveAttribute('aria-current', 'page');
  },
};

/** Without the icon before the first page: the names start at the left edge. */
export const WithoutIcon: Story = { args: { icon: undefined } };

/** Only the current page: nothing to link to. */
export const SingleItem: Story = {
  args: { items: [{ name: 'Settings', href: '/settings' }] },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' });
    await expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    await expect(within(nav).getByText('Settings')).toHaveAttribute('aria-current', 'page');
  },
};

/**
 * The links rendered by the caller's component (a router link in the app): a click navigates
 * without loading a page; the landmark takes a custom accessible name.
 */
export const CustomLinkComponent: Story = {
  args: { linkComponent: SpyRouterLink, 'aria-label': 'You are here' },
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const nav = within(canvasElement).getByRole('navigation', { name: 'You are here' });
    await userEvent.click(within(nav).getByRole('link', { name: 'My clients' }));
    await expect(navigate).toHaveBeenCalledWith('/clients');
  },
};

const longItems = [
  { name: 'My clients', href: '/clients' },
  {
    name: 'Maria Magdalena Alexandrina von Hohenzollern-Sigmaringen Lovelace',
    href: '/clients/42',
  },
  { name: 'Wellbeing report for the second quarter of the journey', href: '/clients/42/report' },
];

/** Long names: they wrap onto more lines and keep the chevrons between them. */
export const LongText: Story = { args: { items: longItems } };

/** Long names in a 20rem column: each name wraps within its own part of the bar. */
export const Narrow: Story = {
  args: { items: longItems },
  parameters: { width: '20rem' },
};

/** Long names in a 60rem column: all on one line where they fit. */
export const Wide: Story = {
  args: { items: longItems },
  parameters: { width: '60rem' },
};

/**
 * The links hovered (the text darkens and is underlined) and focused by keyboard (the focus ring
 * around the name), on the first and the second link.
 */
export const HoverAndFocus: Story = {
  args: ThreeLevels.args,
  play: async ({ canvasElement }) => {
    const [hovered, focused] = within(canvasElement).getAllByRole('link');
    showState(hovered, 'hover');
    showState(focused, 'focus-visible');
  },
};
