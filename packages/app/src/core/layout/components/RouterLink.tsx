import type { NavMenuLinkProps } from '@coach/ui';
import { forwardRef } from 'react';
import { Link } from 'react-router';

/** A router link for the ui's `linkComponent` props: maps `href` to `to`. */
export const RouterLink = forwardRef<HTMLAnchorElement, NavMenuLinkProps>(function RouterLink(
  { href, ...props },
  ref,
) {
  return <Link {...props} ref={ref} to={href} />;
});
