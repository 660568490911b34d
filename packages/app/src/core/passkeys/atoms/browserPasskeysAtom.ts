import type { BrowserPasskeys } from '@coach/api';
import { atom } from '../../../state/jotai.ts';
import { createBrowserPasskeys } from '../browserPasskeys.ts';

/** The browser's passkey ceremonies: the real ones, or a stand-in a story or test provides. */
export const browserPasskeysAtom = atom<BrowserPasskeys>(createBrowserPasskeys());
browserPasskeysAtom.debugLabel = 'browserPasskeysAtom';
