import { Box, Flex } from '@chakra-ui/react';
import { NavMenu, type NavMenuItem } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSettings, LuUsers } from 'react-icons/lu';
import { Outlet, useMatch } from 'react-router';
import { LazyLiveFigures } from '../../live/index.ts';
import { paths } from '../../navigation/index.ts';
import { KeyboardShortcutHelp } from '../../shortcuts/index.ts';
import { Logo } from './Logo.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { NavLink } from './NavLink.tsx';

type SignedInLayoutProps = {
  /** The content; the matched route's element by default. */
  children?: ReactNode;
};

/**
 * The signed-in layout (requirements R2.3), which the routes load with Chakra's provider: the left
 * menu (logo to the root, 'My clients' and 'Settings' with the active one highlighted, the unread
 * client messages by 'My clients', logout at the bottom) and the content area; '?' lists the
 * keyboard shortcuts. While it is shown, the tab's live event stream is open (one per
 * tab: the layout stays as the coach moves between its screens) and closes with it.
 */
function SignedInLayout({ children }: SignedInLayoutProps) {
  const { t } = useTranslation();
  const isClients = useMatch(`${paths.clients}/*`) !== null;
  const isSettings = useMatch(`${paths.settings}/*`) !== null;
  const items: NavMenuItem[] = [
    {
      id: 'clients',
      name: t('nav.myClients'),
      icon: <LuUsers />,
      href: paths.clients,
      isActive: isClients,
    },
    {
      id: 'settings',
      name: t('nav.settings'),
      icon: <LuSettings />,
      href: paths.settings,
      isActive: isSettings,
    },
  ];
  return (
    <Flex height="100dvh" overflow="hidden">
      <NavMenu
        aria-label={t('nav.label')}
        logo={<Logo href={paths.root} />}
        items={items}
        linkComponent={NavLink}
        bottomAction={<LogoutButton />}
      />
      <Box as="main" flex="1" minWidth="0" overflowY="auto" paddingBlock="8" paddingInline="10">
        {children ?? <Outlet />}
      </Box>
      <KeyboardShortcutHelp />
      <LazyLiveFigures />
    </Flex>
  );
}

export default SignedInLayout;
