// The clientProfile feature's public face: what other features, routes/ and stories may import.

export { IndicatorsSection } from './charts/IndicatorsSection.tsx';
export { PhaseComparisonSection } from './charts/PhaseComparisonSection.tsx';
export { FollowUpSection } from './followUp/FollowUpSection.tsx';
export { ProfileActions } from './header/ProfileActions.tsx';
export { ReportsSection } from './reports/ReportsSection.tsx';
export { TimelineSection } from './timeline/TimelineSection.tsx';
