// The app core's messaging: the coach's unread client messages by client (the clients list, the
// navigation, the profile's thread) and their quick replies (Settings, the profile's composer).
export { quickRepliesAtom, quickRepliesLoadableAtom } from './atoms/quickRepliesAtom.ts';
export { unreadCountsAtom } from './atoms/unreadCountsAtom.ts';
export { UnreadBadge } from './components/UnreadBadge.tsx';
export { UnreadTotal } from './components/UnreadTotal.tsx';
