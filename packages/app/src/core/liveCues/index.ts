// The app core's live cues: what changed with a live message, its quiet cue and its one polite
// announcement; what features, routes/ and stories may import.
export { LiveAnnouncer } from './components/LiveAnnouncer.tsx';
export { LiveCue, LiveCueTint } from './components/LiveCue.tsx';
export { type LiveChanges, useLiveChanges } from './hooks/useLiveChanges.ts';
