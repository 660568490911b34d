// The app core's attention queue: what features and routes may import. The clients who need the
// coach, in the list's order and filter, walked from profile to profile (issue 66, decision 96).
export { ProfileQueue } from './components/ProfileQueue.tsx';
export { isQueueWalk, queueParam } from './queueLinks.ts';
export { isQueued, queueCount } from './queueStops.ts';
export { useStartQueue } from './useStartQueue.ts';
