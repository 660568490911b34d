import { lazy, Suspense, useEffect, useState } from 'react';
import { isTextEntry } from '../isTextEntry.ts';
import { isShortcutKey } from '../keyboardShortcuts.ts';

// The dialog's code (the ui's dialog, its focus trap) loads on the first '?', not with the app.
const ShortcutHelpDialog = lazy(() => import('./ShortcutHelpDialog.tsx'));

/**
 * '?' anywhere outside a text field opens the list of the keyboard shortcuts (as in Gmail,
 * GitHub), built from the table the key handlers read.
 */
export function KeyboardShortcutHelp() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      // '?' takes Shift on most layouts: only the other modifiers make it another shortcut.
      if (!isShortcutKey('help', event.key) || event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      if (event.defaultPrevented || isTextEntry(document.activeElement)) return;
      event.preventDefault();
      setIsOpen(true);
      setHasOpened(true);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutHelpDialog isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </Suspense>
  );
}
