import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { isShortcutPress } from './keyboardShortcuts.ts';
import { shortcutHelpGroups } from './shortcutHelpGroups.ts';

const press = (code: string, key: string, held: Partial<KeyboardEvent> = {}) => ({
  code,
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...held,
});

describe('the shortcuts held with a modifier', () => {
  it("takes Alt+N by the key's place, Option+N on a Mac (which types '˜') too", () => {
    expect(isShortcutPress('writeNote', press('KeyN', 'n', { altKey: true }))).toBe(true);
    expect(isShortcutPress('writeNote', press('KeyN', '˜', { altKey: true }))).toBe(true);
  });

  it('leaves the key alone without its modifier, or with another one held', () => {
    expect(isShortcutPress('writeNote', press('KeyN', 'n'))).toBe(false);
    expect(isShortcutPress('writeNote', press('KeyN', 'N', { altKey: true, shiftKey: true }))).toBe(
      false,
    );
    expect(isShortcutPress('openOverview', press('Digit1', '1', { ctrlKey: true }))).toBe(false);
  });

  it('sends with Ctrl+Enter or Cmd+Enter', () => {
    expect(isShortcutPress('sendMessage', press('Enter', 'Enter', { ctrlKey: true }))).toBe(true);
    expect(isShortcutPress('sendMessage', press('Enter', 'Enter', { metaKey: true }))).toBe(true);
    expect(isShortcutPress('sendMessage', press('Enter', 'Enter'))).toBe(false);
  });

  it("lists the profile's keys in a group of their own, with their modifier", () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const profile = shortcutHelpGroups(t).find((group) => group.id === 'profile');
    const keysOf = (id: string) => profile?.shortcuts.find((shortcut) => shortcut.id === id)?.keys;
    expect(keysOf('writeNote')).toEqual(['Alt+N']);
    expect(keysOf('openReports')).toEqual(['Alt+5']);
    expect(keysOf('sendMessage')).toEqual(['Ctrl+shortcuts.keys.Enter']);
  });
});
