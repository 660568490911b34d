// The clientProfile feature's public face: what other features, routes/ and stories may import.
export { ProfileActions } from './actions/ProfileActions.tsx';
export { ReportsSection } from './actions/ReportsSection.tsx';
export { IndicatorsSection } from './charts/IndicatorsSection.tsx';
export { PhaseComparisonSection } from './charts/PhaseComparisonSection.tsx';
export { FollowUpSection } from './followUp/FollowUpSection.tsx';
export { TimelineSection } from './timeline/TimelineSection.tsx';
