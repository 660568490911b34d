import { Grid, Stack } from '@chakra-ui/react';
import type { ClientProfileGroup } from '../../../core/navigation/index.ts';
import { ActivitySection } from '../activity/ActivitySection.tsx';
import { AssessmentsSection } from '../assessments/AssessmentsSection.tsx';
import { IndicatorsSection } from '../charts/IndicatorsSection.tsx';
import { PhaseComparisonSection } from '../charts/PhaseComparisonSection.tsx';
import { ExercisesSection } from '../exercises/ExercisesSection.tsx';
import { OverviewGroup } from '../overview/OverviewGroup.tsx';
import { ReflectionsSection } from '../reflections/ReflectionsSection.tsx';
import { ReportsSection } from '../reports/ReportsSection.tsx';

export type ProfileGroupProps = {
  clientId: string;
  group: ClientProfileGroup;
  /** The client's zone, for times on their clock; null until the summary has loaded. */
  timeZone: string | null;
};

/** The open group's sections: only they are mounted, so only their data is read. */
export function ProfileGroup({ clientId, group, timeZone }: ProfileGroupProps) {
  switch (group) {
    case 'overview':
      return <OverviewGroup clientId={clientId} />;
    case 'indicators':
      return (
        <Stack gap="6">
          <IndicatorsSection clientId={clientId} />
          <PhaseComparisonSection clientId={clientId} />
        </Stack>
      );
    case 'activity':
      return (
        <Grid templateColumns={{ base: '1fr', '2xl': '1fr 1fr' }} gap="6" alignItems="start">
          <ActivitySection clientId={clientId} timeZone={timeZone} />
          <Stack gap="6">
            <ExercisesSection clientId={clientId} timeZone={timeZone} />
            <ReflectionsSection clientId={clientId} timeZone={timeZone} />
          </Stack>
        </Grid>
      );
    case 'assessments':
      return <AssessmentsSection clientId={clientId} />;
    case 'reports':
      return <ReportsSection clientId={clientId} />;
  }
}
