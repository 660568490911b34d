import { useEffect, useRef } from 'react';
import { isShortcutPress, type ShortcutName } from '../../../core/shortcuts/index.ts';

/** What a profile's key does, by the shortcut's name in the app's one table. */
export type ProfileShortcutHandlers = Partial<Record<ShortcutName, () => void>>;

/**
 * Runs a handler when its shortcut is pressed anywhere on the profile, the composer and the
 * note's field included (the profile's keys all hold a modifier, so no typed text is taken);
 * not inside a dialog, whose keys are its own. Each caller adds its own handlers: the profile's
 * (groups, messages, note, follow-up) and the attention queue's.
 */
export function useProfileShortcuts(handlers: ProfileShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      for (const [name, handler] of Object.entries(latest.current)) {
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
