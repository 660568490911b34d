import { useEffect, useRef } from 'react';
import { isTextEntry } from './isTextEntry.ts';
import {
  isShortcutPress,
  type KeyboardShortcut,
  keyboardShortcuts,
  type ShortcutName,
} from './keyboardShortcuts.ts';

/** What a key does, by the shortcut's name in the app's one table. */
export type ShortcutHandlers = Partial<Record<ShortcutName, () => void>>;

/**
 * Runs a handler when its shortcut is pressed anywhere on the page: a key held with a modifier in
 * a field too (no typed text is taken), a single key ('q') outside text fields; not inside a
 * dialog, whose keys are its own.
 * Each caller adds its own handlers while mounted: a client's profile its own (groups, messages,
 * note, follow-up), the attention queue its (next, previous, reviewed) beside them.
 */
export function useShortcutHandlers(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      for (const [name, handler] of Object.entries(latest.current)) {
        const shortcut: KeyboardShortcut = keyboardShortcuts[name as ShortcutName];
        // A key without a modifier is text in a field ('q' in the search): not a shortcut there.
        if (shortcut.modifier === undefined && isTextEntry(event.target as Element | null))
          continue;
        if (handler && isShortcutPress(name as ShortcutName, event)) {
          event.preventDefault();
          handler();
          return;
        }
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
