import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { NavMenu, type NavMenuItem, type NavMenuLinkProps } from './NavMenu.tsx';

const items: NavMenuItem[] = [
  { id: 'clients', name: 'My clients', icon: null, href: '/clients', isActive: true },
  { id: 'settings', name: 'Settings', icon: null, href: '/settings' },
];

const SilentLink = ({ href, onClick, ...props }: NavMenuLinkProps) => (
  <a
    {...props}
    href={href}
    onClick={(event) => {
      event.preventDefault();
      onClick?.(event);
    }}
  />
);

describe('NavMenu', () => {
  it('marks the active entry as the current page', () => {
    render(
      <CoachUiProvider>
        <NavMenu items={items} />
      </CoachUiProvider>,
    );

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My clients' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const settings = within(nav).getByRole('link', { name: 'Settings' });
    expect(settings).toHaveAttribute('href', '/settings');
    expect(settings).not.toHaveAttribute('aria-current');
  });

  it('calls onItemClick with the clicked entry', () => {
    const handleItemClick = vi.fn();
    render(
      <CoachUiProvider>
        <NavMenu items={items} linkComponent={SilentLink} onItemClick={handleItemClick} />
      </CoachUiProvider>,
    );

    fireEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(handleItemClick).toHaveBeenCalledWith(items[1]);
  });

  it('shows the logo and the bottom action', () => {
    render(
      <CoachUiProvider>
        <NavMenu
          items={[]}
          logo={<span>Coach</span>}
          bottomAction={<button type="button">Log out</button>}
        />
      </CoachUiProvider>,
    );

    expect(screen.getByText('Coach')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
