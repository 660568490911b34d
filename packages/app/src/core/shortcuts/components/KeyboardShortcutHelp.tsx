import { ShortcutHelp } from '@coach/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTextEntry } from '../isTextEntry.ts';
import { isShortcutKey } from '../keyboardShortcuts.ts';
import { shortcutHelpGroups } from '../shortcutHelpGroups.ts';

/**
 * '?' anywhere outside a text field opens the list of the keyboard shortcuts (as in Gmail,
 * GitHub), built from the table the key handlers read.
 */
export function KeyboardShortcutHelp() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      // '?' takes Shift on most layouts: only the other modifiers make it another shortcut.
      if (!isShortcutKey('help', event.key) || event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      if (event.defaultPrevented || isTextEntry(document.activeElement)) return;
      event.preventDefault();
      setIsOpen(true);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);
  return (
    <ShortcutHelp
      isOpen={isOpen}
      onClose={() => setIsOpen(false)}
      title={t('shortcuts.title')}
      groups={isOpen ? shortcutHelpGroups(t) : []}
      orLabel={t('shortcuts.or')}
      closeLabel={t('shortcuts.close')}
    />
  );
}
