import { chakra, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuLeaf } from 'react-icons/lu';
import { Link } from 'react-router';

export type LogoProps = {
  /** Makes the logo a link to this path (the root in the layouts). */
  href?: string;
};

/** The Coach wordmark; a link to the root in the layouts. */
export function Logo({ href }: LogoProps) {
  const { t } = useTranslation();
  const mark = (
    <HStack as="span" gap="2" fontSize="2xl" fontWeight="bold" color="accent.emphasized">
      <LuLeaf aria-hidden />
      {t('app.name')}
    </HStack>
  );
  if (!href) return mark;
  return (
    <chakra.span display="inline-flex" borderRadius="md" focusVisibleRing="outside" asChild>
      <Link to={href} style={{ textDecoration: 'none' }}>
        {mark}
      </Link>
    </chakra.span>
  );
}
