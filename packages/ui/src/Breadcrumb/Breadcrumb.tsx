import { Box, Breadcrumb as ChakraBreadcrumb } from '@chakra-ui/react';
import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';
import { LuChevronRight } from 'react-icons/lu';

/** Props a breadcrumb link component receives: an anchor's attributes with a required `href`. */
export type BreadcrumbLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** One page in the trail. */
export type BreadcrumbItem = {
  /** Page name shown to the user. */
  name: string;
  /** Path of the page. */
  href: string;
};

export type BreadcrumbProps = {
  /** Pages from the top down; the last one is the current page and is not a link. */
  items: BreadcrumbItem[];
  /** Decorative icon shown before the first page. */
  icon?: ReactNode;
  /** Accessible name of the navigation landmark. Defaults to 'Breadcrumb'. */
  'aria-label'?: string;
  /**
   * Renders the links, e.g. a router link mapping `href` to `to`. It must pass the other props
   * (className, children, handlers) on to its anchor. Defaults to a plain `<a href>`.
   */
  linkComponent?: ComponentType<BreadcrumbLinkProps>;
};

const PlainLink = (props: BreadcrumbLinkProps) => <a {...props} />;

/** A breadcrumb bar: page names linking to their paths, ending with the current page. */
export function Breadcrumb({
  items,
  icon,
  'aria-label': ariaLabel = 'Breadcrumb',
  linkComponent: LinkComponent = PlainLink,
}: BreadcrumbProps) {
  const lastIndex = items.length - 1;
  return (
    <ChakraBreadcrumb.Root aria-label={ariaLabel} variant="plain" size="md">
      <ChakraBreadcrumb.List gap="2" rowGap="1" flexWrap="wrap">
        {items.map((item, index) => {
          const isCurrent = index === lastIndex;
          return (
            <ChakraBreadcrumb.Item key={`${item.href}-${item.name}`} gap="2" minWidth="0">
              {index === 0 && icon ? (
                <Box as="span" aria-hidden display="inline-flex" color="fg.muted">
                  {icon}
                </Box>
              ) : null}
              {isCurrent ? (
                // Plain text, not Chakra's CurrentLink: that one claims role="link" without being one.
                <Box as="span" aria-current="page" fontWeight="semibold" color="fg">
                  {item.name}
                </Box>
              ) : (
                <>
                  <ChakraBreadcrumb.Link
                    asChild
                    color="fg.muted"
                    _hover={{ color: 'fg', textDecoration: 'underline' }}
                  >
                    <LinkComponent href={item.href}>{item.name}</LinkComponent>
                  </ChakraBreadcrumb.Link>
                  {/* Inside the item, so a wrapped trail keeps each chevron after its page. */}
                  <Box as="span" aria-hidden display="inline-flex" color="fg.subtle">
                    <LuChevronRight />
                  </Box>
                </>
              )}
            </ChakraBreadcrumb.Item>
          );
        })}
      </ChakraBreadcrumb.List>
    </ChakraBreadcrumb.Root>
  );
}
