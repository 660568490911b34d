import { ShortcutHelp } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { shortcutHelpGroups } from '../shortcutHelpGroups.ts';

type ShortcutHelpDialogProps = { isOpen: boolean; onClose: () => void };

/** The list of the keyboard shortcuts, in the coach's words (loaded on the first '?'). */
function ShortcutHelpDialog({ isOpen, onClose }: ShortcutHelpDialogProps) {
  const { t } = useTranslation();
  return (
    <ShortcutHelp
      isOpen={isOpen}
      onClose={onClose}
      title={t('shortcuts.title')}
      groups={shortcutHelpGroups(t)}
      orLabel={t('shortcuts.or')}
      closeLabel={t('shortcuts.close')}
    />
  );
}

export default ShortcutHelpDialog;
