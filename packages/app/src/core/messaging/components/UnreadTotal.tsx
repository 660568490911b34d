import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai.ts';
import { unreadCountsLoadableAtom } from '../atoms/unreadCountsAtom.ts';
import { UnreadBadge } from './UnreadBadge.tsx';

/** Every unread client message of the coach, as a badge (nothing while loading or failed). */
export function UnreadTotal() {
  const { t } = useTranslation();
  const counts = useAtomValue(unreadCountsLoadableAtom);
  const total = counts.state === 'hasData' ? counts.data.total : 0;
  return <UnreadBadge count={total} label={t('nav.unread', { count: total })} />;
}
