import { Box, Flex, type FlexProps } from '@chakra-ui/react';
import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';

/** Props a menu link component receives: an anchor's attributes with a required `href`. */
export type NavMenuLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** One entry of the menu. */
export type NavMenuItem = {
  /** Stable key of the entry. */
  id: string;
  /** Label shown next to the icon. */
  name: string;
  /** Decorative icon shown before the name, e.g. `<LuUsers />`. */
  icon: ReactNode;
  /** Path the entry links to. */
  href: string;
  /** Whether the entry is the current page: highlighted and `aria-current="page"`. */
  isActive?: boolean;
};

export type NavMenuProps = Omit<FlexProps, 'children'> & {
  /** Shown at the top, e.g. the logo linking to the root. */
  logo?: ReactNode;
  /** Menu entries, top down. */
  items: NavMenuItem[];
  /** Shown at the bottom, e.g. the logout button. */
  bottomAction?: ReactNode;
  /** Accessible name of the navigation landmark. Defaults to 'Main'. */
  'aria-label'?: string;
  /**
   * Renders the links, e.g. a router link mapping `href` to `to`. It must pass the other props
   * (className, children, handlers, aria-current) on to its anchor. Defaults to a plain `<a href>`.
   */
  linkComponent?: ComponentType<NavMenuLinkProps>;
  /** Called when an entry is clicked, before the link navigates. */
  onItemClick?: (item: NavMenuItem) => void;
};

const PlainLink = (props: NavMenuLinkProps) => <a {...props} />;

/** The left navigation bar: logo, menu entries with icon and name, and a bottom action. */
export function NavMenu({
  logo,
  items,
  bottomAction,
  'aria-label': ariaLabel = 'Main',
  linkComponent: LinkComponent = PlainLink,
  onItemClick,
  ...rest
}: NavMenuProps) {
  return (
    <Flex
      as="nav"
      aria-label={ariaLabel}
      flexDirection="column"
      width="16rem"
      height="full"
      flexShrink={0}
      gap="6"
      paddingBlock="6"
      paddingInline="4"
      bg="bg.subtle"
      borderInlineEndWidth="thin"
      borderColor="border"
      overflowY="auto"
      {...rest}
    >
      {logo ? <Box paddingInline="3">{logo}</Box> : null}
      <Flex as="ul" flexDirection="column" gap="1" listStyleType="none" margin="0" padding="0">
        {items.map((item) => (
          <Box as="li" key={item.id}>
            <Box
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              paddingBlock="2.5"
              paddingInline="3"
              borderRadius="md"
              fontSize="md"
              fontWeight={item.isActive ? 'semibold' : 'medium'}
              color={item.isActive ? 'accent.emphasized' : 'fg.muted'}
              bg={item.isActive ? 'accent.muted' : 'transparent'}
              textDecoration="none"
              wordBreak="break-word"
              focusVisibleRing="outside"
              _hover={{
                bg: item.isActive ? 'accent.muted' : 'bg.muted',
                color: item.isActive ? 'accent.emphasized' : 'fg',
              }}
            >
              <LinkComponent
                href={item.href}
                aria-current={item.isActive ? 'page' : undefined}
                onClick={onItemClick ? () => onItemClick(item) : undefined}
              >
                <Box as="span" aria-hidden display="inline-flex" fontSize="xl" flexShrink={0}>
                  {item.icon}
                </Box>
                {item.name}
              </LinkComponent>
            </Box>
          </Box>
        ))}
      </Flex>
      {bottomAction ? <Box marginBlockStart="auto">{bottomAction}</Box> : null}
    </Flex>
  );
}
