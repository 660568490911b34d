import { Heading, Stack } from '@chakra-ui/react';
import { Breadcrumb, type BreadcrumbItem } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../layout/index.ts';

export type ScreenHeaderProps = {
  /** The trail from the top page down to this one; the last item is this screen's title. */
  breadcrumb: BreadcrumbItem[];
  /** Icon before the first page of the trail. */
  icon?: ReactNode;
};

/** The top of a signed-in screen: its breadcrumb and its title as the page heading. */
export function ScreenHeader({ breadcrumb, icon }: ScreenHeaderProps) {
  const { t } = useTranslation();
  const title = breadcrumb.at(-1)?.name ?? '';
  return (
    <Stack gap="3" marginBlockEnd="8">
      <Breadcrumb
        aria-label={t('app.breadcrumb')}
        items={breadcrumb}
        icon={icon}
        linkComponent={RouterLink}
      />
      <Heading as="h1" fontSize="3xl" fontWeight="semibold">
        {title}
      </Heading>
    </Stack>
  );
}
