// The app core's live figures: what features, routes/ and stories may import. The stream's own
// code (components/LiveFigures.tsx) is loaded by the signed-in layout, never through here.
export { applyLiveEventAtom } from './atoms/applyLiveEventAtom.ts';
export { clientLiveRevisionAtom, liveRefetchAtom } from './atoms/clientLiveRevisionAtom.ts';
export { type LiveUpdate, liveUpdateAtom } from './atoms/liveUpdateAtom.ts';
export { LiveCue, LiveCueTint } from './components/LiveCue.tsx';
export { type LiveChanges, liveCueMs, useLiveChanges } from './hooks/useLiveChanges.ts';
