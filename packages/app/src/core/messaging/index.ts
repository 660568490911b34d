// The app core's messaging: the coach's unread client messages (the navigation's total, and when a
// thread read makes the clients list stale) and their quick replies (Settings, the profile's composer).
export { quickRepliesAtom, quickRepliesLoadableAtom } from './atoms/quickRepliesAtom.ts';
export { threadsMarkedReadAtom } from './atoms/unreadCountsAtom.ts';
export { UnreadBadge } from './components/UnreadBadge.tsx';
export { UnreadTotal } from './components/UnreadTotal.tsx';
