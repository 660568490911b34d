import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { Breadcrumb, type BreadcrumbLinkProps } from './Breadcrumb.tsx';

const handleNavigate = vi.fn();
const RouterLink = ({ href, onClick, ...props }: BreadcrumbLinkProps) => (
  <a
    {...props}
    href={href}
    data-router-link=""
    onClick={(event) => {
      event.preventDefault();
      onClick?.(event);
      handleNavigate(href);
    }}
  />
);

const items = [
  { name: 'My clients', href: '/clients' },
  { name: 'Ada Lovelace', href: '/clients/42' },
];

describe('Breadcrumb', () => {
  it('links every page but the last, which is marked as the current page', () => {
    render(
      <CoachUiProvider>
        <Breadcrumb items={items} />
      </CoachUiProvider>,
    );

    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('My clients');
    expect(links[0]).toHaveAttribute('href', '/clients');
    const current = within(nav).getByText('Ada Lovelace');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).not.toHaveAttribute('href');
  });

  it('renders links through the injected link component', () => {
    handleNavigate.mockClear();
    render(
      <CoachUiProvider>
        <Breadcrumb items={items} linkComponent={RouterLink} aria-label="You are here" />
      </CoachUiProvider>,
    );

    const link = within(screen.getByRole('navigation', { name: 'You are here' })).getByRole('link');
    expect(link).toHaveAttribute('data-router-link');
    fireEvent.click(link);
    expect(handleNavigate).toHaveBeenCalledWith('/clients');
  });
});
