// The only module that imports jotai: the rest of the app imports state tools from here, so the
// state library stays swappable and its use reviewable in one place.
export type { Atom, Getter, Store, WritableAtom } from 'jotai';
export { atom, createStore, Provider, useAtomValue, useSetAtom, useStore } from 'jotai';
export { unwrap, useHydrateAtoms } from 'jotai/utils';
