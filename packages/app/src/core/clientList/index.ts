// The app core's client list: what features may import. The coach's clients with their figures,
// read once for every screen that shows or refreshes them (the list, a client's profile after a
// change) and started as a sign-in's session starts.
export { clientListAtom, prefetchClientListAtom } from './atoms/clientListAtom.ts';
