// The clientProfile feature's public face: what other features, routes/ and stories may import.

// The profile's keys: the attention queue adds its handlers (next, previous, reviewed) with it
// (core's `useShortcutHandlers`, which a core module such as the queue may call itself).
export {
  type ShortcutHandlers as ProfileShortcutHandlers,
  useShortcutHandlers as useProfileShortcuts,
} from '../../core/shortcuts/index.ts';
export { IndicatorsSection } from './charts/IndicatorsSection.tsx';
export { PhaseComparisonSection } from './charts/PhaseComparisonSection.tsx';
export { FollowUpSection } from './followUp/FollowUpSection.tsx';
export { ProfileActions } from './header/ProfileActions.tsx';
export { ReportsSection } from './reports/ReportsSection.tsx';
export { TimelineSection } from './timeline/TimelineSection.tsx';
