import { Box } from '@chakra-ui/react';
import type { NavMenuLinkProps } from '@coach/ui';
import { forwardRef } from 'react';
import { UnreadTotal } from '../../messaging/index.ts';
import { paths } from '../../navigation/index.ts';
import { RouterLink } from './RouterLink.tsx';

/**
 * The menu's links: router links, 'My clients' with the coach's unread client messages after its
 * name (inside the link, so its accessible name says them: 'My clients 3 unread messages').
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavMenuLinkProps>(function NavLink(
  { children, ...props },
  ref,
) {
  return (
    <RouterLink {...props} ref={ref}>
      {children}
      {props.href === paths.clients ? (
        <Box as="span" marginInlineStart="auto" display="inline-flex">
          <UnreadTotal />
        </Box>
      ) : null}
    </RouterLink>
  );
});
