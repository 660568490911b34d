// The app core's live figures: what features, routes/ and stories may import. The stream's own
// code loads with `LazyLiveFigures`; the cues on changed figures are core/liveCues.
export { liveListAtom } from './atoms/liveListAtom.ts';
export { liveMessagesAtom } from './atoms/liveMessagesAtom.ts';
export { type LiveUpdate, liveRevisionOf, liveUpdateAtom } from './atoms/liveUpdateAtom.ts';
export { LazyLiveFigures } from './components/LazyLiveFigures.tsx';
