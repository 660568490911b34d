import type { ClientProfileGroup } from '../../../core/navigation/index.ts';
import type { ShortcutName } from '../../../core/shortcuts/index.ts';

/** The shortcut that opens each group of the profile (Alt+1 to Alt+5, in tab order). */
export const groupShortcuts = {
  overview: 'openOverview',
  indicators: 'openIndicators',
  activity: 'openActivity',
  assessments: 'openAssessments',
  reports: 'openReports',
} as const satisfies Record<ClientProfileGroup, ShortcutName>;
