// The app core's attention queue: what features may import. The clients who need the coach,
// in the list's order and filter, walked from profile to profile (issue 66).
export { QueueBar } from './components/QueueBar.tsx';
export { QueueStart } from './components/QueueStart.tsx';
export { queueHref, queueParam } from './queueLinks.ts';
export { firstInQueue, queueCount } from './queueStops.ts';
export { type QueueWalk, useQueueWalk } from './useQueueWalk.ts';
