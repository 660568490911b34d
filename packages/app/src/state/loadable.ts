import { type Atom, atom, unwrap } from './jotai.ts';

/** Where an async value is: loading, loaded, or failed. */
export type Loadable<T> =
  | { state: 'loading' }
  | { state: 'hasData'; data: T }
  | { state: 'hasError'; error: unknown };

/**
 * An async atom read without Suspense. While a newer value loads, the last loaded one stays
 * (a refresh after a write never blanks the screen); a failure is not kept (a retry shows
 * loading).
 */
export function loadable<T>(anAtom: Atom<T | Promise<T>>): Atom<Loadable<T>> {
  const settledAtom = atom(async (get): Promise<Loadable<T>> => {
    try {
      return { state: 'hasData', data: await get(anAtom) };
    } catch (error) {
      return { state: 'hasError', error };
    }
  });
  return unwrap(settledAtom, (previous) =>
    previous?.state === 'hasData' ? previous : { state: 'loading' },
  );
}
