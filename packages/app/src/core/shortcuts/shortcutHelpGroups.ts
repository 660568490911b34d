import type { ShortcutHelpGroup } from '@coach/ui';
import type { TFunction } from 'i18next';
import { keyboardShortcuts, type ShortcutName, type ShortcutPlace } from './keyboardShortcuts.ts';

const placeOrder: readonly ShortcutPlace[] = ['everywhere', 'clients', 'charts'];

// Keys whose `KeyboardEvent.key` name is not what the key shows ('ArrowDown' is '↓').
const namedKeys = [
  'ArrowDown',
  'ArrowUp',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'Enter',
] as const;
type NamedKey = (typeof namedKeys)[number];
const isNamedKey = (key: string): key is NamedKey => (namedKeys as readonly string[]).includes(key);

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
        keys: keyboardShortcuts[name].keys.map((key) =>
          isNamedKey(key) ? t(`shortcuts.keys.${key}`) : key,
        ),
        description: t(`shortcuts.actions.${name}`),
      })),
  }));
}
