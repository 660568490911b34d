import { Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type UnreadCellProps = { count: number };

/** The messages column: how many of the client's messages are unread, said in words. */
export function UnreadCell({ count }: UnreadCellProps) {
  const { t } = useTranslation();
  return (
    <Text
      as="span"
      fontVariantNumeric="tabular-nums"
      fontWeight={count > 0 ? 'semibold' : 'normal'}
      color={count > 0 ? 'fg' : 'fg.muted'}
    >
      <span aria-hidden>{count}</span>
      <VisuallyHidden>{t('clients.attention.unreadMessages', { count })}</VisuallyHidden>
    </Text>
  );
}
