import type { BrowserPasskeys } from '@coach/api';
import type { ReactNode } from 'react';
import { useHydrateAtoms } from '../../../state/jotai.ts';
import { browserPasskeysAtom } from '../atoms/browserPasskeysAtom.ts';

export type BrowserPasskeysProviderProps = { passkeys: BrowserPasskeys; children: ReactNode };

/** Puts a stand-in for the browser's passkey ceremonies in place (stories, tests). */
export function BrowserPasskeysProvider({ passkeys, children }: BrowserPasskeysProviderProps) {
  useHydrateAtoms([[browserPasskeysAtom, passkeys]] as const);
  return children;
}
