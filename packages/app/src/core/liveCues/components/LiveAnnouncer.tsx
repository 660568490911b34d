import { VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai.ts';
import { liveAnnouncementAtom } from '../atoms/liveAnnouncementAtom.ts';

/** Most names an announcement reads out; beyond, it says how many clients. */
const maxNamesSaid = 5;

/**
 * The polite live region of a screen with live figures: one announcement per live message,
 * naming the clients whose figures changed ('Updated: Anna Smith, Ben Jones'). Only what is
 * announced while the screen is shown: an older announcement is not said again.
 */
export function LiveAnnouncer() {
  const { t } = useTranslation();
  const { names, sequence } = useAtomValue(liveAnnouncementAtom);
  const [shownSince] = useState(sequence);
  const text =
    sequence <= shownSince || names.length === 0
      ? ''
      : names.length > maxNamesSaid
        ? t('live.updatedCount', { count: names.length })
        : t('live.updated', { names: names.join(', ') });
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {/* A new node per message: the same names twice are told twice. */}
      <span key={sequence}>{text}</span>
    </VisuallyHidden>
  );
}
