import type { ShortcutHelpGroup } from '@coach/ui';
import type { TFunction } from 'i18next';
import { keyboardShortcuts, type ShortcutName, type ShortcutPlace } from './keyboardShortcuts.ts';
import { shortcutKeyLabels } from './shortcutKeys.ts';

const placeOrder: readonly ShortcutPlace[] = ['everywhere', 'clients', 'charts', 'profile'];

/** The shortcut list as the '?' dialog shows it: the table, by place, in the coach's words. */
export function shortcutHelpGroups(t: TFunction): ShortcutHelpGroup[] {
  const names = Object.keys(keyboardShortcuts) as ShortcutName[];
  return placeOrder.map((place) => ({
    id: place,
    title: t(`shortcuts.places.${place}`),
    shortcuts: names
      .filter((name) => keyboardShortcuts[name].place === place)
      .map((name) => ({
        id: name,
        keys: shortcutKeyLabels(name, t),
        description: t(`shortcuts.actions.${name}`),
      })),
  }));
}
