// The clients feature's public face: what other features, routes/ and stories may import.
export { clientListAtom, prefetchClientListAtom } from './atoms/clientListAtom.ts';
export type { ClientFormats } from './clientFormats.ts';
export { createClientFormats } from './clientFormats.ts';
export type { ClientZone } from './differentTimezone.ts';
export { isDifferentTimezone } from './differentTimezone.ts';
